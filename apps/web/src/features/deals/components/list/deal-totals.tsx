import type { DealKind, DealSummary } from '@addesk/contract';
import { cancelledForms, dealVocabulary } from '@addesk/contract/plain';
import { formatMoney, plural } from '@/lib/format';
import { useDealSummary } from '../../api/get-deal-summary';
import type { DealFilters } from '../../lib/deal-search';

// Here rather than in lib/kinds.ts, which the deal form loads too: only the lists show totals.
const texts = {
  totals: 'Итоги списка',
  unpaid: 'Не оплачено:',
  overdue: 'просрочено',
  without: 'без',
  // Joined to its amount by a space that does not break: 'на 68 000 руб' moves to the next line whole.
  at: 'на',
} as const;

export type DealTotalsProps = {
  kind: DealKind;
  /** The list's filters: the totals are of exactly what it shows. */
  filters: DealFilters;
  /** A channel's own list. */
  channelId?: number | undefined;
};

/**
 * The line under the filter chips (decisions D5): '12 продаж · 150 000 руб', with the cancelled deals it leaves out
 * when there are any ('без 3 отменённых на 68 000 руб'), then what of it is not paid and, when there is any, the
 * overdue part in red. It keeps its height while loading, and says nothing if the totals fail:
 * the list itself shows the errors.
 */
export function DealTotals({ kind, filters, channelId }: DealTotalsProps) {
  const summary = useDealSummary(kind, filters, channelId);
  return (
    <section aria-label={texts.totals} className="min-h-11 min-w-0 text-sm">
      {summary.data ? <TotalsText kind={kind} summary={summary.data} /> : null}
    </section>
  );
}

function TotalsText({ kind, summary }: { kind: DealKind; summary: DealSummary }) {
  const { cancelled } = summary;
  return (
    <>
      <p className="font-semibold text-base tabular-nums">
        {plural(summary.count, dealVocabulary[kind].countForms)} · {formatMoney(summary.total)}
      </p>
      {cancelled.count > 0 ? (
        // The sum leaves the cancelled deals out (docs/decisions/016) while the count and the cards include them.
        <p className="text-muted-foreground tabular-nums">
          {texts.without} {plural(cancelled.count, cancelledForms)} {texts.at}
          {'\u00a0'}
          {formatMoney(cancelled.amount)}
        </p>
      ) : null}
      <p className="text-muted-foreground tabular-nums">
        {texts.unpaid} {formatMoney(summary.unpaid)}
        {summary.overdue > 0 ? (
          <>
            {' · '}
            <span className="whitespace-nowrap font-medium text-destructive">
              {texts.overdue} {formatMoney(summary.overdue)}
            </span>
          </>
        ) : null}
      </p>
    </>
  );
}
