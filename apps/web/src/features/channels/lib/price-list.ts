import type { ChannelPrice } from '@addesk/contract';
import { type PriceTerms, priceTermKey } from '@addesk/contract/plain';
import { formatMoney, plural } from '@/lib/format';

/**
 * A placement term as the ad market writes it: hours in top / hours in the feed ('1/24', '2/48'), days spelled out
 * ('1/3 дня'), 'без удаления'; hours in top are left out where there are none.
 */
export function placementTerm({
  durationType,
  duration,
  hoursInTop,
}: Omit<PriceTerms, 'advertisementFormatId'>) {
  const feed =
    durationType === 'INFINITY'
      ? 'без удаления'
      : durationType === 'HOURS'
        ? String(duration ?? 0)
        : plural(duration ?? 0, ['день', 'дня', 'дней']);
  return hoursInTop > 0 ? `${hoursInTop}/${feed}` : feed;
}

/** The list's lines grouped by format, in the order the formats first appear in it. */
export function pricesByFormat(list: ChannelPrice[]) {
  const groups = new Map<number, ChannelPrice[]>();
  for (const row of list)
    groups.set(row.advertisementFormatId, [...(groups.get(row.advertisementFormatId) ?? []), row]);
  return [...groups.entries()].map(([formatId, rows]) => ({ formatId, rows }));
}

/**
 * The list as plain text for a client's chat: '@channel — прайс', then each format with its terms and prices
 * ('1/24 — 12 500 руб'). A single format needs no heading of its own.
 */
export function priceListText(channelNick: string, list: ChannelPrice[], formatName: (id: number) => string) {
  const groups = pricesByFormat(list);
  const lines = (rows: ChannelPrice[]) =>
    rows.map((row) => `${placementTerm(row)} — ${formatMoney(row.price)}`);
  const body =
    groups.length === 1
      ? lines(groups[0]?.rows ?? [])
      : groups.flatMap(({ formatId, rows }) => ['', formatName(formatId), ...lines(rows)]);
  return [`@${channelNick} — прайс`, ...body].join('\n');
}

/** The price the list gives for a deal's terms, if it has a line for exactly them. */
export function listPrice(list: ChannelPrice[] | undefined, terms: PriceTerms) {
  const key = priceTermKey(terms);
  return list?.find((row) => priceTermKey(row) === key)?.price;
}
