import {
  type DealKind,
  type DealSort,
  type InKindNames,
  kindNameOf,
  type PaymentState,
  paymentStates,
} from '@addesk/contract';
import type { SearchSchemaInput } from '@tanstack/react-router';

/**
 * The search params of /sales and /purchases (spec §2.5/§2.6): the list's filters, named exactly as the filter call
 * names them (so the URL is the API query), plus the tab. The screens name a filter by its common name (`by` is
 * soldBy or purchasedBy, and so on: the contract's `dealVocabulary`).
 *
 * No zod here: the routes validate with these plain functions because a route module is first-load code (see the
 * web README).
 */
export const dealFilterNames = [
  'channelId',
  'statusId',
  'by',
  'dateCondition',
  'advertisementTypeId',
  'externalChannelId',
  'priceCondition',
  'q',
  'paymentState',
] as const;
export type DealFilterName = (typeof dealFilterNames)[number];

/** The filters as the screens use them: every value a non-blank string (one id, ids joined by commas, a condition). */
export type DealFilters = Partial<Record<DealFilterName, string>>;

export type DealListView = 'cards' | 'table';

/** How the list is shown: the tab and the order. Neither is a filter: resetting the filters keeps them. */
export type DealListDisplay = { view: DealListView; sort: DealSort };

type ParamOf<K extends DealKind> = keyof InKindNames<K, Record<DealFilterName, string>>;

/** What the route hands to the screen: every value a string (spec: all optional strings). */
export type DealListSearch<K extends DealKind = DealKind> = { [P in ParamOf<K>]?: string } & {
  /** The tab: 'table' for 'Таблица'; the cards ('Карточки') are the default and have no param. */
  view?: 'table';
  /** The order: 'placement'; by the deal date (spec §2.5) is the default and has no param. */
  sort?: 'placement';
};

/**
 * What the URL may hold. The router reads `?statusId=3` as the number 3 (its search values are JSON), so a single id
 * is written as a number too: `statusId=3` in the address bar, not `statusId=%223%22`.
 */
export type DealListSearchInput<K extends DealKind = DealKind> = {
  [P in ParamOf<K>]?: string | number;
} & { view?: string; sort?: string } & SearchSchemaInput;

const MAX_VALUE = 500;

/** A search value as a filter: a string or a number, trimmed; blank, 'all' and anything else mean no filter (spec §5). */
export function filterValue(raw: unknown): string | undefined {
  let text: string;
  if (typeof raw === 'number' && Number.isFinite(raw)) text = String(raw);
  else if (typeof raw === 'string') text = raw.trim();
  else return undefined;
  if (text === '' || text === 'all' || text.length > MAX_VALUE) return undefined;
  return text;
}

function validateDealListSearch<K extends DealKind>(
  kind: K,
  input: DealListSearchInput<K>,
): DealListSearch<K> {
  const raw = input as Record<string, unknown>;
  const search: Record<string, string | undefined> = {};
  for (const name of dealFilterNames) {
    const param = kindNameOf(kind, name);
    search[param] = filterValue(raw[param]);
  }
  // An unknown state would only get the whole list refused (400): the known ones are kept.
  search.paymentState = listFilter(paymentStatesOf(search.paymentState));
  search.view = raw.view === 'table' ? 'table' : undefined;
  search.sort = raw.sort === 'placement' ? 'placement' : undefined;
  return search as DealListSearch<K>;
}

/**
 * The routes' `validateSearch`: every key is returned, even undefined (the router keeps raw keys a validator leaves
 * out). Declared functions, not made by a call: the router infers its search types only from these.
 */
export const validateSaleListSearch = (input: DealListSearchInput<'sale'>) =>
  validateDealListSearch('sale', input);
export const validatePurchaseListSearch = (input: DealListSearchInput<'purchase'>) =>
  validateDealListSearch('purchase', input);

/** The filters of a validated search, by meaning. */
export function dealFiltersOf(kind: DealKind, search: DealListSearch): DealFilters {
  const raw = search as Record<string, string | undefined>;
  const filters: DealFilters = {};
  for (const name of dealFilterNames) {
    const value = raw[kindNameOf(kind, name)];
    if (value !== undefined) filters[name] = value;
  }
  return filters;
}

export function dealDisplayOf(search: DealListSearch): DealListDisplay {
  return {
    view: search.view === 'table' ? 'table' : 'cards',
    sort: search.sort === 'placement' ? 'placement' : 'date',
  };
}

/** What a list loads by: its filters and its order (the tab is no part of it: switching it loads nothing). */
export type DealListQuery = { filters: DealFilters; sort: DealSort };

export const dealListQueryOf = (kind: DealKind, search: DealListSearch): DealListQuery => ({
  filters: dealFiltersOf(kind, search),
  sort: dealDisplayOf(search).sort,
});

/**
 * The query of the filter call: the filters under the kind's API names, blanks dropped (spec §5), and the order
 * when it is not the default.
 */
export function dealFilterQuery(
  kind: DealKind,
  filters: DealFilters,
  sort: DealSort = 'date',
): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of dealFilterNames) {
    const value = filterValue(filters[name]);
    if (value !== undefined) query[kindNameOf(kind, name)] = value;
  }
  if (sort === 'placement') query.sort = sort;
  return query;
}

/** The search to navigate to: no key for 'Все', for the cards tab or for the default order. */
export function dealListSearch<K extends DealKind>(
  kind: K,
  filters: DealFilters,
  display: DealListDisplay,
): DealListSearch<K> {
  const search: DealListSearch = dealFilterQuery(kind, filters, display.sort);
  if (display.view === 'table') search.view = 'table';
  return search;
}

const ID = /^[1-9]\d{0,14}$/;

/**
 * A search middleware of the list routes: after validation, a single id is written as a number, so the address reads
 * `statusId=3` rather than `statusId=%223%22` (the router quotes a string that would read back as JSON). Reading it
 * back, the validator turns it into the string again. Typed as the validated search (the router's middleware type).
 */
export function writeIdsAsNumbers<T extends object>({
  search,
  next,
}: {
  search: T;
  next: (search: T) => T;
}): T {
  const written: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next(search))) {
    written[key] = typeof value === 'string' && ID.test(value) ? Number(value) : value;
  }
  return written as T;
}

/** Ids of a filter value: '3' -> [3], '3,5' -> [3, 5]; whatever is not an id is left out. */
export function filterIds(value: string | undefined): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => ID.test(part))
    .map(Number);
}

/** The payment states of a filter value: 'OVERDUE,UNPAID' -> ['OVERDUE', 'UNPAID']; unknown ones are left out. */
export function paymentStatesOf(value: string | undefined): PaymentState[] {
  const known = new Set<string>(paymentStates);
  return [...new Set((value ?? '').split(',').map((part) => part.trim()))].filter(
    (part): part is PaymentState => known.has(part),
  );
}

/** The filter value of chosen ids or states: several joined by commas; none: no filter ('Все'). */
export function listFilter(ids: readonly (number | string)[]): string | undefined {
  return ids.length > 0 ? ids.join(',') : undefined;
}
