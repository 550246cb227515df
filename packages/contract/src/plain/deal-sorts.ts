import type { DealKind } from './deal-kinds.js';

// A module of its own, apart from plain/deal.ts: the schemas (deal.ts), the lists' route validation and the order
// picker of the lists read it, and nothing else of a deal's values needs to come along.

/**
 * The orders of the deal lists: by the deal date (spec §2.5, the default), by the placement time, and for purchases
 * by cost per subscriber or by the cost of a thousand views of its post (the cheapest first, those without a figure
 * last). A sale has no subscribers to count, and what a thousand views of our own post cost is the buyer's question.
 */
export const dealSorts = ['date', 'placement', 'costPerSubscriber', 'cpm'] as const;
export type DealSort = (typeof dealSorts)[number];
/** The orders each kind's list takes. */
export const dealSortsOf = {
  sale: ['date', 'placement'],
  purchase: dealSorts,
} as const satisfies Record<DealKind, readonly DealSort[]>;
