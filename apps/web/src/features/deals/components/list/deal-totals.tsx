import type { DealKind, DealSummary } from '@addesk/contract';
import { formatMoney, plural } from '@/lib/format';
import { useDealSummary } from '../../api/get-deal-summary';
import type { DealFilters } from '../../lib/deal-search';
import { dealCountForms, dealTexts } from '../../lib/kinds';

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
    <section aria-label={dealTexts.totals} className="min-h-11 text-sm">
      {summary.data ? <TotalsText kind={kind} summary={summary.data} /> : null}
    </section>
  );
}

function TotalsText({ kind, summary }: { kind: DealKind; summary: DealSummary }) {
  return (
    <>
      <p className="font-semibold text-base tabular-nums">
        {plural(summary.count, dealCountForms[kind])} · {formatMoney(summary.total)}
      </p>
      <p className="text-muted-foreground tabular-nums">
        {dealTexts.unpaid} {formatMoney(summary.unpaid)}
        {summary.overdue > 0 ? (
          <>
            {' · '}
            <span className="font-medium text-destructive">
              {dealTexts.overdue} {formatMoney(summary.overdue)}
            </span>
          </>
        ) : null}
      </p>
    </>
  );
}
