import type { CurrentTariff } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentTariff } from '@/features/tariffs/api/get-current-tariff';
import { isTariffSlug } from '@/features/tariffs/lib/tariffs';
import { formatDate, plural } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';

/** Spec §2.11: what /profile says without a tariff. */
export const NO_TARIFF_TEXT = 'У вас пока что нет подключенного тарифа';

/** 'до 10 каналов', 'из 1 канала': the genitive after до / из. */
const channelsGenitive = ['канала', 'каналов', 'каналов'] as const;

/** The tariff block of /profile: none yet ('Выбрать тариф'), or the current one with its end and channel use. */
export function TariffSummary() {
  const query = useCurrentTariff();
  const titleId = useId();

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div aria-hidden="true" className="flex flex-col gap-2">
        <span className="h-5 w-2/3 animate-pulse rounded bg-muted" />
        <span className="h-4 w-1/2 animate-pulse rounded bg-muted" />
        <span className="mt-2 h-2 w-full animate-pulse rounded-full bg-muted" />
      </div>
    );
  } else if (query.isError) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-muted-foreground text-sm">
          {errorMessage(query.error)}
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Повторить
        </Button>
      </div>
    );
  } else {
    body = <TariffDetails current={query.data} />;
  }

  return (
    <Card role="region" aria-labelledby={titleId} aria-busy={query.isPending || undefined}>
      <CardHeader>
        <CardTitle id={titleId}>Тариф</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{body}</CardContent>
    </Card>
  );
}

function TariffDetails({ current }: { current: CurrentTariff }) {
  const { tariff } = current;
  return (
    <>
      {tariff ? (
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-xl">{tariff.name}</p>
          <p className="text-muted-foreground text-sm">
            {current.endsAt ? `Действует до ${formatDate(current.endsAt)}` : 'Действует'}
            {' · '}
            до {plural(tariff.channels, channelsGenitive)}
          </p>
        </div>
      ) : (
        <p>{NO_TARIFF_TEXT}</p>
      )}
      <ChannelUsage used={current.channelsUsed} limit={current.channelLimit} />
      <div className="flex flex-col gap-2">
        {tariff && isTariffSlug(tariff.id) ? (
          <>
            <Button asChild size="lg">
              <Link to="/profile/tariff/$tariff/free-prolongation" params={{ tariff: tariff.id }}>
                Продлить бесплатно
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/profile/tariff">Сменить тариф</Link>
            </Button>
          </>
        ) : (
          <>
            <Button asChild size="lg">
              <Link to="/profile/tariff">Выбрать тариф</Link>
            </Button>
            {tariff ? (
              // The trial: a friend's paid tariff extends it too (decisions 004).
              <Button asChild size="lg" variant="secondary">
                <Link to="/referral-program">Продлить бесплатно</Link>
              </Button>
            ) : current.trialAvailable ? (
              <Button asChild size="lg" variant="secondary">
                <Link to="/profile/tariff/trial">Попробовать бесплатно</Link>
              </Button>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}

/** 'Каналы: 4 из 10': how much of the limit is used, with a bar; over the limit (a tariff ended) in red. */
function ChannelUsage({ used, limit }: { used: number; limit: number }) {
  const over = used > limit;
  const share = limit > 0 ? Math.min(1, used / limit) : 1;
  return (
    <div className="flex flex-col gap-2">
      <p className="flex justify-between gap-2 text-sm">
        <span className="text-muted-foreground">Каналы</span>
        <span className={cn('font-medium', over && 'text-destructive')}>
          {used} из {plural(limit, channelsGenitive)}
        </span>
      </p>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
        <div
          className={cn('h-full rounded-full', over ? 'bg-destructive' : 'bg-primary')}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      {over ? (
        <p className="text-destructive text-sm">
          Каналов больше, чем позволяет тариф: новые добавить не получится.
        </p>
      ) : null}
    </div>
  );
}
