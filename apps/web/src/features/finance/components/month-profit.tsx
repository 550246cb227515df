import { useQuery } from '@tanstack/react-query';
import { todayDay } from '@/components/ui/period-picker-lib';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { financeSummaryQueryOptions } from '../api/get-finance-summary';
import { currentMonthQuery } from '../lib/finance-search';
import { profitTone } from '../lib/profit-tone';

/**
 * This month's profit, of the team or of one channel, as a line inside a link (the dashboard's tile, a channel's
 * card): the number only. Its texts are its own, so the first screen loads no other part of finance. It is the link's
 * description (`id`, referenced by the link's aria-describedby), not part of its name: the link stays 'Финансы'.
 */
export function MonthProfit({
  id,
  channelId,
  className,
}: {
  id: string;
  channelId?: number;
  className?: string;
}) {
  const summary = useQuery(financeSummaryQueryOptions(currentMonthQuery(todayDay(), channelId)));
  // A refetch that fails (offline, server down) keeps the profit it had: the error only stands in for no data.
  const failed = summary.data === undefined && summary.isError;
  let value: string;
  if (summary.data !== undefined) value = formatMoney(summary.data.profit);
  else if (failed) value = 'Не удалось загрузить';
  else value = '…';
  return (
    <span id={id} aria-hidden="true" className={cn('flex flex-col', className)}>
      <span className="font-normal text-muted-foreground text-xs">Прибыль за месяц</span>
      <span
        className={cn(
          'tabular-nums',
          failed
            ? 'font-normal text-muted-foreground text-sm'
            : ['font-semibold', profitTone(summary.data?.profit ?? 0)],
        )}
      >
        {value}
      </span>
    </span>
  );
}
