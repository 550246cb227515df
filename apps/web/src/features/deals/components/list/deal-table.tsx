import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { formatCalendarDay, formatMoney, formatShortDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { DealRow } from '../../lib/deal-rows';
import { dealTexts } from '../../lib/kinds';
import { bulkTexts } from '../bulk/bulk-texts';
import { SelectBox } from '../bulk/select-box';
import type { DealSelection } from '../bulk/use-deal-selection';
import { cancelledPriceClass, PaymentStateBadge } from '../payment-state-badge';
import { costTexts } from './cost-texts';
import { DealAvatars } from './deal-avatars';

export type DealTableProps = {
  kind: DealKind;
  rows: readonly DealRow[];
  /** The list's selection mode: the link column holds each row's checkbox. */
  selection?: DealSelection | undefined;
};

/** The price as the table writes it: 'руб' may go under a long price rather than out of the cell. */
const tablePrice = (price: number) => formatMoney(price).replace(/\u00a0руб$/, ' руб');

/**
 * The price column's width: as wide as the longest price on the page (a billion included), never cut. Counted in
 * the column's units (its `ch` and `em` are of the table's 14 px text, the prices are 12 px): a digit is 12/14 of a
 * `ch` (tabular), a space or a comma under 0.3 em; 1.25 rem is the cell's padding and a margin.
 */
function priceColumnWidth(rows: readonly DealRow[]): string {
  let digits = 0;
  let marks = 0;
  for (const row of rows) {
    const number = tablePrice(row.price).split(' ')[0] ?? '';
    const rowDigits = number.replace(/\D/g, '').length;
    if (rowDigits + (number.length - rowDigits) / 3 > digits + marks / 3) {
      digits = rowDigits;
      marks = number.length - rowDigits;
    }
  }
  return `max(5.5rem, calc(${digits}ch * 12 / 14 + ${marks} * 0.3em + 1.25rem))`;
}

/**
 * The 'Таблица' tab (spec §2.5/§2.6 with decisions D2): a link column (channel and contact icons) to the deal, then
 * Контакт with the Статус under it, Дата, Стоимость. Spec §2.5's separate status column left the contact 74 px at
 * 390 and 44 px at 360 ('Али…', issue 33); under the contact, the status takes no width of its own. Fixed column
 * widths fit a 360 px phone: a long contact and a long status wrap in their column, the price column widens for a
 * long price; on a narrower screen only the table's own box scrolls sideways, never the page.
 */
export function DealTable({ kind, rows, selection }: DealTableProps) {
  const { words: texts, routes } = dealVocabulary[kind];
  const priceWidth = priceColumnWidth(rows);
  return (
    // Relative: the hidden texts (sr-only, absolutely placed) stay inside the scrolling box, not widen the page.
    <div className="relative -mx-4 overflow-x-auto border-y bg-card">
      <table
        className="w-full table-fixed border-collapse text-sm"
        // The link and date columns take 9.25 rem, the contact at least 6 rem: with a billion it still fits 360 px.
        style={{ minWidth: `calc(15.25rem + ${priceWidth})` }}
      >
        <caption className="sr-only">{texts.title}</caption>
        <colgroup>
          <col className="w-[3.75rem]" />
          <col />
          {/* '05.03, 14:30' of the placement on one line. */}
          <col className="w-[5.5rem]" />
          <col style={{ width: priceWidth }} />
        </colgroup>
        <thead>
          <tr className="border-b text-left text-muted-foreground text-xs">
            <th scope="col" className="py-2 pl-3">
              <span className="sr-only">{dealTexts.details}</span>
            </th>
            <th scope="col" className="px-1 py-2 font-medium leading-snug">
              {dealTexts.contact}
              <span className="sr-only">, </span>
              <span className="block font-normal">{dealTexts.status}</span>
            </th>
            <th scope="col" className="px-1 py-2 font-medium leading-snug">
              {texts.dateLabel}
              <span className="sr-only">, </span>
              <span className="block font-normal">{dealTexts.placement}</span>
            </th>
            <th scope="col" className="py-2 pr-3 pl-1 text-right font-medium leading-snug">
              {dealTexts.price}
              <span className="sr-only">, </span>
              <span className="block font-normal">{dealTexts.payment}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b align-middle last:border-b-0">
              <td className="py-1 pl-1">
                {selection?.active ? (
                  <SelectBox
                    label={bulkTexts.choose(`${row.channel.name}, ${row.counterpart.name}`)}
                    checked={selection.selected.has(row.id)}
                    onToggle={() => selection.toggle(row.id)}
                  />
                ) : (
                  <Link
                    to={routes.item}
                    params={{ id: String(row.id) }}
                    aria-label={`${texts.one}: ${row.channel.name}, ${row.counterpart.name}`}
                    className="flex min-h-11 min-w-11 items-center justify-center rounded-lg hover:bg-accent"
                  >
                    <DealAvatars row={row} size="xs" decorative />
                  </Link>
                )}
              </td>
              <td className="px-1 py-2 text-xs leading-snug">
                <span data-slot="contact" className="block break-words">
                  {row.counterpart.name}
                </span>
                <span className="sr-only">, </span>
                <span className="block hyphens-auto break-words text-muted-foreground">{row.status}</span>
              </td>
              <td className="px-1 py-2 text-xs tabular-nums leading-snug">
                {formatCalendarDay(row.date)}
                <span className="sr-only">, </span>
                <span className="block text-muted-foreground">{formatShortDateTime(row.placedAt)}</span>
              </td>
              <td className="py-2 pr-3 pl-1 text-right text-xs tabular-nums leading-snug">
                <span className={cn(row.cancelled && cancelledPriceClass)}>{tablePrice(row.price)}</span>
                <span className="sr-only">, </span>
                {/* Narrower than on a card, and 'Не оплачено' may take two lines: the column stays 88 px or more. */}
                <PaymentStateBadge state={row.paymentState} small className="mt-1 text-center" />
                {/* Only once someone joined: a dash here would be one more line in every row of a new team. */}
                {row.costPerSubscriber != null && (
                  <span className="mt-1 block text-muted-foreground">
                    <span className="sr-only">, {costTexts.costPerSubscriber}: </span>
                    {tablePrice(row.costPerSubscriber)}
                    <span aria-hidden="true" className="block text-[0.6875rem]">
                      {costTexts.perSubscriber}
                    </span>
                  </span>
                )}
                {row.cpm !== undefined && (
                  <span className="mt-1 block text-muted-foreground">
                    <span className="sr-only">, </span>
                    {costTexts.cpm} {tablePrice(row.cpm)}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
