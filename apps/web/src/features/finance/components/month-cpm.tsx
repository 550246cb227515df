import { useQuery } from '@tanstack/react-query';
import { todayDay } from '@/components/ui/period-picker-lib';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { financeSummaryQueryOptions } from '../api/get-finance-summary';
import { currentMonthQuery } from '../lib/finance-search';

/**
 * This month's average CPM of one channel's (or the team's) purchases and sales, as a line inside a link (a channel's
 * card), beside MonthProfit and from the same answer (one request): '—' for a kind none of whose deals of the month
 * has views. Its texts are its own, like MonthProfit's, so the screen loads no other part of finance. It is part of
 * the link's description (`id`, referenced by the link's aria-describedby), not of its name.
 */
export function MonthCpm({
  id,
  channelId,
  className,
}: {
  id: string;
  channelId?: number;
  className?: string;
}) {
  const summary = useQuery(financeSummaryQueryOptions(currentMonthQuery(todayDay(), channelId)));
  const cpm = summary.data?.cpm;
  // Nothing until the answer: MonthProfit says it is loading or that it failed.
  if (cpm === undefined) return null;
  const text = (value: number | null) => (value === null ? '—' : formatMoney(value));
  return (
    <span id={id} aria-hidden="true" className={cn('flex flex-col', className)}>
      <span className="font-normal text-muted-foreground text-xs">Средний CPM за месяц</span>{' '}
      <span className="flex flex-wrap gap-x-3 font-normal text-sm">
        <span data-cpm="purchase" className="whitespace-nowrap">
          <span className="text-muted-foreground">закупки</span>{' '}
          <span className="font-semibold tabular-nums">{text(cpm.purchase)}</span>
        </span>{' '}
        <span data-cpm="sale" className="whitespace-nowrap">
          <span className="text-muted-foreground">продажи</span>{' '}
          <span className="font-semibold tabular-nums">{text(cpm.sale)}</span>
        </span>
      </span>
    </span>
  );
}
