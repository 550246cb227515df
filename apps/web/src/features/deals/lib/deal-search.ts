import {
  type DealKind,
  type DealSort,
  dateValue,
  dealSortsOf,
  type InKindNames,
  isBlankFilter,
  kindNameOf,
  MAX_FILTER_TEXT,
  MAX_RECORD_ID,
  MAX_REFERENCE_ID,
  type PaymentState,
  parseCondition,
  parseIdList,
  paymentStates,
  priceValue,
} from '@addesk/contract/plain';
import type { SearchSchemaInput } from '@tanstack/react-router';

/**
 * The search params of /sales and /purchases (spec §2.5/§2.6): the list's filters, named exactly as the filter call
 * names them (so the URL is the API query), plus the tab. The screens name a filter by its common name (`by` is
 * soldBy or purchasedBy, and so on: the contract's `dealVocabulary`).
 *
 * No zod here: the routes validate with these plain functions because a route module is first-load code (see the
 * web README). What a filter may hold is the contract's: `filterAccepts` answers as the filter call's zod schema does
 * (deal-search.test.ts holds them to the same answers), so a value the server would refuse never reaches it.
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
  /** The order: 'placement', or 'costPerSubscriber' or 'cpm' of purchases; by the deal date (spec §2.5) is the default. */
  sort?: Exclude<DealSort, 'date'>;
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
  const dropped = droppedFilters(kind, raw);
  if (dropped.length > 0) droppedNote = { kind, names: dropped };
  const search: Record<string, string | undefined> = {};
  for (const name of dealFilterNames) {
    const param = kindNameOf(kind, name);
    const value = filterValue(raw[param]);
    // A value the filter call would refuse (a hand-edited address) is no filter: the screen says so and drops it.
    search[param] = value !== undefined && filterAccepts(name, value) ? value : undefined;
  }
  search.view = raw.view === 'table' ? 'table' : undefined;
  // The date order is the default: no param.
  search.sort = dealSortsOf[kind].find((sort) => sort !== 'date' && sort === raw.sort);
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
  return { view: search.view === 'table' ? 'table' : 'cards', sort: search.sort ?? 'date' };
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
  if (sort !== 'date') query.sort = sort;
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

// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is what the contract's text refuses
const NUL = /\u0000/;

const idListAccepts = (max: number) => (value: string) => parseIdList(value, max) !== undefined;

const textAccepts = (max: number) => (value: string) => value.trim().length <= max && !NUL.test(value);

const conditionAccepts =
  <T>(read: (raw: string) => T | undefined) =>
  (value: string) =>
    textAccepts(MAX_FILTER_TEXT)(value) && parseCondition(value.trim(), read) !== undefined;

/** Whether the filter call takes this (non-blank) value of the filter: the contract's schemas, without zod. */
const accepts: Record<DealFilterName, (value: string) => boolean> = {
  channelId: idListAccepts(MAX_RECORD_ID),
  externalChannelId: idListAccepts(MAX_RECORD_ID),
  by: idListAccepts(MAX_RECORD_ID),
  statusId: idListAccepts(MAX_REFERENCE_ID),
  advertisementTypeId: idListAccepts(MAX_REFERENCE_ID),
  dateCondition: conditionAccepts(dateValue),
  priceCondition: conditionAccepts(priceValue),
  q: textAccepts(MAX_FILTER_TEXT),
  paymentState: (value) =>
    textAccepts(MAX_FILTER_TEXT)(value) &&
    value.split(',').every((part) => (paymentStates as readonly string[]).includes(part.trim())),
};

export function filterAccepts(name: DealFilterName, value: string): boolean {
  return accepts[name](value);
}

/**
 * The filters a hand-edited address holds that the list cannot use (`?statusId=abc`), in the order of the filter
 * row: the raw search (as the router parsed it, before validation) against the validated one.
 */
export function droppedFilters(kind: DealKind, raw: Record<string, unknown>): DealFilterName[] {
  return dealFilterNames.filter((name) => {
    const given = raw[kindNameOf(kind, name)];
    if (isBlankFilter(given)) return false;
    const value = filterValue(given);
    return value === undefined || !filterAccepts(name, value);
  });
}

/**
 * What the validation of a list's address dropped, until the screen says so. Kept here because nothing else sees
 * it: on a page load the router rewrites the address to the validated search (in place) before any screen renders.
 */
let droppedNote: { kind: DealKind; names: DealFilterName[] } | undefined;

/** The filters the kind's list address lost to validation since last asked (once: asking forgets them). */
export function takeDroppedFilters(kind: DealKind): DealFilterName[] {
  if (droppedNote?.kind !== kind) return [];
  const { names } = droppedNote;
  droppedNote = undefined;
  return names;
}

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
