import { cancelledForms, kopecksOf } from '@addesk/contract';
import type { Cell, Column } from '../../lib/files/table.js';
import { plural } from '../../lib/plural.js';
import type { DealExportRow } from '../deal/deal.service.js';

/** Where a total's cells go: its label under the file's channel, its sums under the money of a deal. */
export const totalColumns = { label: 'Наш канал', price: 'Стоимость', paid: 'Оплачено', left: 'Осталось' };

/**
 * A deal file's total under the rule of the list's summary line and of finance (docs/decisions/016): the money of the
 * deals that are not cancelled, and apart from it a line naming the cancelled ones it leaves out ('Без 3
 * отменённых' and their prices), as the list says 'без 3 отменённых на 68 000 руб'. Counted in kopecks as the rows go
 * out, so the total is the sum of the file's own rows.
 */
export function dealExportTotals(columns: readonly Column[]) {
  const sums = { price: 0, paid: 0, cancelled: 0, cancelledPrice: 0 };
  const at = (cells: Record<string, Cell>): Cell[] => columns.map((column) => cells[column.header] ?? null);
  return {
    add(row: DealExportRow) {
      if (row.cancelled) {
        sums.cancelled += 1;
        sums.cancelledPrice += kopecksOf(row.price);
      } else {
        sums.price += kopecksOf(row.price);
        sums.paid += kopecksOf(row.paidAmount);
      }
    },
    /** An empty row (a spreadsheet's filter and sort stop there), the total and, if any, the cancelled ones. */
    rows(): Cell[][] {
      const total = at({
        [totalColumns.label]: 'Итого',
        [totalColumns.price]: sums.price / 100,
        [totalColumns.paid]: sums.paid / 100,
        [totalColumns.left]: (sums.price - sums.paid) / 100,
      });
      const left = at({
        [totalColumns.label]: `Без ${sums.cancelled} ${plural(sums.cancelled, cancelledForms)}`,
        [totalColumns.price]: sums.cancelledPrice / 100,
      });
      return [at({}), total, ...(sums.cancelled > 0 ? [left] : [])];
    },
  };
}
