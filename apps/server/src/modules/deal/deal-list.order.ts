import type { DealSort } from '@addesk/contract';
import { sql } from 'drizzle-orm';
import { cheapestFirstKey, costPerSubscriberOf, cpmOf, deals } from '../../db/schema/index.js';
import { part } from './deal-list.filters.js';

// The orders a deal list is read in and where a page starts in each: a page's cursor is its last deal's key in the
// order and its id.

/**
 * Where a page starts: after this deal, in the list's order (its deal date, its placement time or its cost per
 * subscriber, then its id).
 */
export type DealCursor = { key: string; id: number };

/** A deal's cost per subscriber (numeric as text), null while nobody joined through its link. */
export const costPerSubscriber = costPerSubscriberOf(deals.price, deals.subscribersJoined);

/** A deal's cost of a thousand views of its post (numeric as text), null while no view is known. */
export const cpm = cpmOf(deals.price, deals.postViews);

/** The cursor key of a deal in an order by a cost: its cost, or 'Infinity' when it has none. */
export const costCursorKey = (cost: string | null) => cost ?? 'Infinity';

/**
 * The order of a deals query: the lists' two (each served by an index with the id after it, deals schema), and the
 * placement order for a deal-date period. For that one PostgreSQL walks the placement index back from the newest
 * placement, filtering by the period, as if the two dates were unrelated: 212 ms at a million sales for a month two
 * years back. Ordering by an expression the index cannot give makes it read the period's range of the date index and
 * sort those rows instead.
 */
export type DealOrder = DealSort | 'placementInPeriod';
export const orderColumn = {
  date: deals.dealDate,
  placement: deals.placementAt,
  placementInPeriod: sql`${deals.placementAt} + interval '0 s'`,
  costPerSubscriber: cheapestFirstKey(costPerSubscriber),
  cpm: cheapestFirstKey(cpm),
} as const;

const p = sql.placeholder;

/** The deals that come after the cursor's deal in the list's order. */
export const afterCursor = (sort: DealSort, cursor: DealCursor | undefined) =>
  cursor &&
  part(
    'after',
    {
      date: sql`(${deals.dealDate}, ${deals.id}) < (${p('afterKey')}::date, ${p('afterId')})`,
      placement: sql`(${deals.placementAt}, ${deals.id}) < (${p('afterKey')}::timestamptz, ${p('afterId')})`,
      costPerSubscriber: sql`(${orderColumn.costPerSubscriber}, ${deals.id}) < (-${p('afterKey')}::numeric, ${p('afterId')})`,
      cpm: sql`(${orderColumn.cpm}, ${deals.id}) < (-${p('afterKey')}::numeric, ${p('afterId')})`,
    }[sort],
    { afterKey: cursor.key, afterId: cursor.id },
  );
