import type { Client } from '@addesk/contract';
import { dealKinds, dealVocabulary } from '@addesk/contract/plain';
import { Merge } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth';
import { formatCalendarDay, formatMoney } from '@/lib/format';
import { useClient } from '../api/get-client';
import { clientTexts as t } from '../lib/client-texts';
import { ClientDealRow } from './client-deal-row';

// The merge picker loads with its first opening: most visits only read the card.
const MergeSheet = lazy(() => import('./merge-sheet').then(({ MergeSheet }) => ({ default: MergeSheet })));

/**
 * /clients/{id} (issue 33): who the client is, how many sales and purchases, the money of their deals, the usual
 * price and the last deal, then the deals themselves page by page, each opening on its own screen. The owner merges a
 * second card of the same client into this one ('Объединить с…').
 */
export function ClientCardScreen({ id }: { id: number }) {
  const query = useClient(id);
  const { data: user } = useCurrentUser();
  const [merging, setMerging] = useState(false);
  const client = query.data?.pages[0];
  const deals = query.data?.pages.flatMap((page) => page.dealPage.items) ?? [];

  return (
    <>
      <ScreenHeader title={client?.name ?? t.title} back={{ to: '/clients' }} />
      <ScreenMain className="gap-4 px-4 pt-4">
        {query.isPending ? (
          <Spinner className="py-12" />
        ) : query.isError && !client ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : client ? (
          <>
            <ClientSummary client={client} />
            <section aria-labelledby="client-deals" className="flex flex-col gap-2">
              <h2 id="client-deals" className="font-semibold text-lg">
                {t.deals}
              </h2>
              <ul aria-label={t.dealsLabel} className="overflow-hidden rounded-xl border bg-card">
                {deals.map((deal) => (
                  <ClientDealRow key={`${deal.kind}-${deal.id}`} deal={deal} />
                ))}
              </ul>
              <LoadMore query={query} auto />
            </section>
            {user?.isOwner ? (
              <>
                <Button variant="secondary" size="lg" onClick={() => setMerging(true)}>
                  <Merge aria-hidden="true" />
                  {t.merge}
                </Button>
                {merging ? (
                  <Suspense fallback={null}>
                    <MergeSheet client={client} open={merging} onOpenChange={setMerging} />
                  </Suspense>
                ) : null}
              </>
            ) : null}
          </>
        ) : null}
      </ScreenMain>
    </>
  );
}

function ClientSummary({ client }: { client: Client }) {
  const kinds = dealKinds
    .map((kind) => `${dealVocabulary[kind].words.title}: ${client.byKind[kind].deals}`)
    .join(' · ');
  const figures: [string, string][] = [
    [t.total, formatMoney(client.total)],
    [t.paid, formatMoney(client.paid)],
    [t.debt, formatMoney(client.debt)],
  ];
  return (
    <section aria-label={t.figures} className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <Avatar name={client.name} src={client.iconLink} size="lg" decorative />
        <div className="flex min-w-0 flex-col">
          <span className="truncate font-semibold text-lg">{client.name}</span>
          {client.username ? (
            <a
              href={`https://t.me/${client.username}`}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center truncate text-primary underline-offset-4 hover:underline"
            >
              @{client.username}
            </a>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <p>{kinds}</p>
        {client.usualPrice === null ? null : <p className="font-medium">{t.usual(client.usualPrice)}</p>}
        {client.lastDealDate ? (
          <p className="text-muted-foreground">{t.lastDealLine(formatCalendarDay(client.lastDealDate))}</p>
        ) : null}
      </div>
      <dl className="divide-y rounded-xl border bg-card">
        {figures.map(([label, value]) => (
          <div key={label} className="flex min-h-12 items-center justify-between gap-3 px-4 py-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="whitespace-nowrap font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-muted-foreground text-sm">{t.moneyRule}</p>
    </section>
  );
}
