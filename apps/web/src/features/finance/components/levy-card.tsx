import { quarterOf } from '@addesk/contract/plain';
import { InlineErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { formatCalendarDay, formatMoney } from '@/lib/format';
import { useLevy } from '../api/get-levy';
import { LevyFrame } from './levy-frame';

const ROMAN = ['I', 'II', 'III', 'IV'] as const;

/** '2026-Q4' -> 'IV кв. 2026' */
export function quarterName(quarter: string) {
  return `${ROMAN[Number(quarter.slice(6)) - 1] ?? quarter.slice(6)}\u00a0кв.\u00a0${quarter.slice(0, 4)}`;
}

/**
 * 'Сбор 3 % с рекламы' on /finance (issue 35), the owner's only: the ad revenue of the quarter of the period's end,
 * the levy on it and the day it is due: 'IV кв. 2026: выручка 1 250 000 руб, сбор 37 500 руб, оплатить до 05.03.2027'.
 */
export function LevyCard({ periodEnd }: { periodEnd: string }) {
  const quarter = quarterOf(periodEnd);
  const levy = useLevy(quarter);
  return (
    <LevyFrame>
      {levy.isPending ? (
        <Spinner className="py-2" />
      ) : levy.isError ? (
        <InlineErrorState error={levy.error} onRetry={() => void levy.refetch()} />
      ) : (
        <p className="text-sm">
          <span className="font-medium">{quarterName(levy.data.quarter)}</span>: выручка{' '}
          <span className="whitespace-nowrap tabular-nums">{formatMoney(levy.data.revenue)}</span>, сбор{' '}
          <span className="whitespace-nowrap font-semibold tabular-nums">{formatMoney(levy.data.levy)}</span>,
          оплатить до <span className="whitespace-nowrap">{formatCalendarDay(levy.data.dueDate)}</span>
        </p>
      )}
    </LevyFrame>
  );
}
