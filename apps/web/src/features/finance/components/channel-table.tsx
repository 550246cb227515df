import type { FinanceSummary } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { formatMoney, plural } from '@/lib/format';
import { cn } from '@/lib/utils';
import { profitTone } from '../lib/profit-tone';
import { financeTexts } from '../lib/texts';

export type ChannelTableProps = {
  rows: FinanceSummary['byChannel'];
  /** The period as the sales list filters it (by deal date); none: the list opens unfiltered. */
  saleDateCondition: string | undefined;
};

/**
 * Income, spend, profit and deals by channel, most profitable first: one row per channel that fits a phone's
 * width (no table to scroll sideways); a tap opens the channel's sales.
 */
export function ChannelTable({ rows, saleDateCondition }: ChannelTableProps) {
  return (
    <section aria-labelledby="finance-by-channel" className="flex flex-col gap-2">
      <h2 id="finance-by-channel" className="font-semibold text-lg">
        {financeTexts.byChannel}
      </h2>
      <ul className="overflow-hidden rounded-xl border bg-card text-card-foreground">
        {rows.map((row) => (
          <li key={row.channel.id} className="border-b last:border-b-0">
            <Link
              to="/channels/$id/sales"
              params={{ id: String(row.channel.id) }}
              search={saleDateCondition ? { saleDateCondition } : {}}
              className="flex min-h-16 items-center gap-3 px-3 py-2.5 hover:bg-accent active:bg-accent/80"
            >
              <Avatar name={row.channel.name} src={row.channel.iconLink} decorative />
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="min-w-0 truncate font-medium">{row.channel.name}</span>
                  <span className={cn('shrink-0 font-semibold tabular-nums', profitTone(row.profit))}>
                    <span className="sr-only">{financeTexts.profit}: </span>
                    {formatMoney(row.profit)}
                  </span>
                </div>
                <p className="flex flex-wrap gap-x-3 text-muted-foreground text-xs tabular-nums">
                  <span>
                    {financeTexts.income} {formatMoney(row.income)}
                  </span>
                  <span>
                    {financeTexts.spend} {formatMoney(row.spend)}
                  </span>
                  <span>{plural(row.deals, financeTexts.deals)}</span>
                </p>
              </div>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
