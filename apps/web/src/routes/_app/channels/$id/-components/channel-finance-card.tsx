import { Link } from '@tanstack/react-router';
import { ChevronRight, Wallet } from 'lucide-react';
import { useId } from 'react';
import { MonthCpm } from '@/features/finance/components/month-cpm';
import { MonthProfit } from '@/features/finance/components/month-profit';

/** The channel's profit and average CPM this month, linking to /finance with the channel chosen. */
export function ChannelFinanceCard({ channelId }: { channelId: number }) {
  const profitId = useId();
  const cpmId = useId();
  return (
    <Link
      to="/finance"
      search={{ channelId }}
      aria-describedby={`${profitId} ${cpmId}`}
      className="flex min-h-16 items-center gap-3 rounded-xl border bg-card px-4 py-3 font-medium text-card-foreground shadow-sm hover:bg-accent active:bg-accent/80"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-teal-500/15 text-teal-700 dark:text-teal-300">
        <Wallet aria-hidden="true" className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        Финансы
        <MonthProfit id={profitId} channelId={channelId} />
        <MonthCpm id={cpmId} channelId={channelId} className="mt-1" />
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
    </Link>
  );
}
