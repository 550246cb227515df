import type { ClientItem } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { ChevronRight, SearchX } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { PagedList } from '@/components/ui/paged-list';
import { rowLinkClass } from '@/components/ui/row-link';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { SearchBox } from '@/components/ui/search-box';
import { formatCalendarDay, formatMoney, plural } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useClientPages } from '../api/get-clients';
import { clientSearchTexts, clientTexts as t } from '../lib/client-texts';

export type ClientListScreenProps = {
  /** The search in the URL. */
  q: string | undefined;
  onSearch: (q: string | undefined) => void;
};

/**
 * /clients 'Клиенты' (issue 33): everyone the team sold to or bought from, newest first, each with their deals, money
 * and last deal date, found by name, @username or a t.me link; the list grows as the user scrolls.
 */
export function ClientListScreen({ q, onSearch }: ClientListScreenProps) {
  const query = useClientPages(q);
  const clients = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <ScreenHeader title={t.title} back={{ to: '/dashboard' }} />
      <ScreenMain className="gap-3 px-4 pt-4">
        <SearchBox value={q} onSearch={onSearch} texts={clientSearchTexts} />
        <div
          aria-busy={query.isPlaceholderData || undefined}
          className={cn('flex flex-col gap-3 transition-opacity', query.isPlaceholderData && 'opacity-60')}
        >
          <PagedList
            query={query}
            auto
            rows={clients.length}
            label={t.listLabel}
            intro={<p className="text-muted-foreground text-sm">{t.listRule}</p>}
            empty={
              q ? (
                <div className="flex flex-col items-center gap-4 py-12 text-center">
                  <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
                  <p className="font-medium">{t.nothingFound}</p>
                  <Button variant="secondary" size="lg" onClick={() => onSearch(undefined)}>
                    {t.resetSearch}
                  </Button>
                </div>
              ) : (
                <p className="py-12 text-center text-muted-foreground">{t.empty}</p>
              )
            }
          >
            {clients.map((client) => (
              <ClientRow key={client.id} client={client} />
            ))}
          </PagedList>
        </div>
      </ScreenMain>
    </>
  );
}

function ClientRow({ client }: { client: ClientItem }) {
  return (
    <li className="border-b last:border-b-0">
      <Link to="/clients/$id" params={{ id: String(client.id) }} className={rowLinkClass}>
        <Avatar name={client.name} src={client.iconLink} decorative />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span className="min-w-0 flex-1 break-words font-medium">{client.name}</span>
            {/* The last deal's day where a messenger puts the last message's: the row's corner. */}
            {client.lastDealDate ? (
              <span className="shrink-0 text-muted-foreground text-sm tabular-nums">
                <span className="sr-only">{t.lastDealLine(formatCalendarDay(client.lastDealDate))}</span>
                <span aria-hidden="true">{formatCalendarDay(client.lastDealDate)}</span>
              </span>
            ) : null}
          </span>
          <span className="text-sm tabular-nums">
            {plural(client.deals, t.dealForms)} ·{' '}
            <span className="font-medium">{formatMoney(client.total)}</span>
          </span>
          {client.debt > 0 ? (
            <span className="text-muted-foreground text-sm tabular-nums">
              {t.left(formatMoney(client.debt))}
            </span>
          ) : null}
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      </Link>
    </li>
  );
}
