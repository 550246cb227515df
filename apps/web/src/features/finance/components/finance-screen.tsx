import type { FinanceBasis } from '@addesk/contract';
import { type ReactNode, Suspense } from 'react';
import { lazyPart } from '@/components/app/lazy-part';
import { ErrorState, InlineErrorState } from '@/components/ui/error-state';
import { periodValue, todayDay } from '@/components/ui/period-picker-lib';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth';
import { cn } from '@/lib/utils';
import { useFinanceSummary } from '../api/get-finance-summary';
import { type FinanceSearch, financeBasisOf, financeSummaryQueryOf } from '../lib/finance-search';
import { financeTexts } from '../lib/texts';
import { ChannelTable } from './channel-table';
import { Debts } from './debts';
import { FinanceChart } from './finance-chart';
import { FinanceFilters } from './finance-filters';
import { FinanceHeadline } from './finance-headline';
import { LevyFrame } from './levy-frame';

// The levy on ad revenue (issue 35), the owner's alone: in a chunk of its own, with the contract's quarter rules, so
// /finance's first load and its route's entry in the shared chunk stay as they were.
const LevyCard = lazyPart(
  () => import('./levy-card').then(({ LevyCard }) => LevyCard),
  ({ message, retry }) => (
    <LevyFrame>
      <InlineErrorState message={message} onRetry={retry} />
    </LevyFrame>
  ),
);

export type FinanceScreenProps = {
  search: FinanceSearch;
  onSearchChange: (search: FinanceSearch) => void;
  /** Buttons at the right of the title ('Скачать'). */
  actions?: ReactNode;
};

/**
 * /finance (decisions D5): income, spend and profit of a period against the previous one, their chart by day, week
 * or month, the same by channel, and the debts both ways. Every choice lives in the URL.
 */
export function FinanceScreen({ search, onSearchChange, actions }: FinanceScreenProps) {
  const query = financeSummaryQueryOf(search, todayDay());
  const summary = useFinanceSummary(query);
  const basis = financeBasisOf(search);
  const period = periodValue(query) ?? '';
  const change = (next: Partial<FinanceSearch>) => onSearchChange({ ...search, ...next });
  // The levy on ad revenue is the team's, so the owner's alone (issue 35).
  const owner = useCurrentUser().data?.permissions.owner === true;

  let body: ReactNode;
  if (summary.isPending) {
    body = <Spinner className="py-16" />;
  } else if (summary.isError && !summary.data) {
    body = <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  } else {
    const data = summary.data;
    const empty = data.byChannel.length === 0 && data.income === 0 && data.spend === 0;
    body = (
      <div
        aria-busy={summary.isPlaceholderData || undefined}
        className={cn('flex flex-col gap-6 transition-opacity', summary.isPlaceholderData && 'opacity-60')}
      >
        <FinanceHeadline summary={data} />
        {empty ? (
          <p className="rounded-xl border bg-card px-4 py-8 text-center text-muted-foreground">
            {financeTexts.empty}
          </p>
        ) : (
          <>
            <section aria-labelledby="finance-chart" className="flex flex-col gap-2">
              <h2 id="finance-chart" className="font-semibold text-lg">
                {financeTexts.chart}
              </h2>
              <FinanceChart step={data.step} series={data.series} periodEnd={query.to} />
            </section>
            <ChannelTable
              rows={data.byChannel}
              saleDateCondition={basis === 'accrual' ? period : undefined}
            />
          </>
        )}
      </div>
    );
  }

  return (
    <>
      <ScreenHeader title={financeTexts.title} back={{ to: '/dashboard' }} actions={actions} />
      <ScreenMain className="gap-6 px-4 pt-4">
        <FinanceFilters
          period={period}
          onPeriodChange={(next) => change({ period: next })}
          channelId={search.channelId}
          onChannelChange={(channelId) => change({ channelId })}
          basis={basis}
          onBasisChange={(next: FinanceBasis) => change({ basis: next === 'cash' ? 'cash' : undefined })}
        />
        {body}
        {owner ? (
          <Suspense fallback={null}>
            <LevyCard periodEnd={query.to} />
          </Suspense>
        ) : null}
        <Debts channelId={search.channelId} />
      </ScreenMain>
    </>
  );
}
