import type { DealKind, DealSummary } from '@addesk/contract';
import { dealVocabulary } from '@addesk/contract/plain';
import { formatMoney, plural } from '@/lib/format';
import { useDealSummary } from '../../api/get-deal-summary';
import type { DealFilters } from '../../lib/deal-search';

// Here rather than in lib/kinds.ts, which the deal form loads too: only the lists show totals.
const texts = { totals: 'Итоги списка', unpaid: 'Не оплачено:', overdue: 'просрочено' } as const;

export type DealTotalsProps = {
  kind: DealKind;
  /** The list's filters: the totals are of exactly what it shows. */
  filters: DealFilters;
  /** A channel's own list. */
  channelId?: number | undefined;
};

/**
 * The line under the filter chips (decisions D5): '12 продаж · 150 000 руб', then what of it is not paid and, when
 * there is any, the overdue part in red. It keeps its height while loading, and says nothing if the totals fail:
 * the list itself shows the errors.
 */
export function DealTotals({ kind, filters, channelId }: DealTotalsProps) {
  const summary = useDealSummary(kind, filters, channelId);
  return (
    <section aria-label={texts.totals} className="min-h-11 text-sm">
      {summary.data ? <TotalsText kind={kind} summary={summary.data} /> : null}
    </section>
  );
}

function TotalsText({ kind, summary }: { kind: DealKind; summary: DealSummary }) {
  return (
    <>
      <p className="font-semibold text-base tabular-nums">
        {plural(summary.count, dealVocabulary[kind].countForms)} · {formatMoney(summary.total)}
      </p>
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
