import type { DealKind, DealSort, Purchase, Sale } from '@addesk/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type Page } from '@/lib/api-client';
import { type DealFilters, dealFilterQuery } from '../lib/deal-search';
import { dealsQueryKeys } from './query-keys';

/** How many deals a list asks for at a time; the next page comes as the user scrolls. */
export const DEALS_PAGE_SIZE = 20;

export type DealsQuery = Record<string, string | number>;

/**
 * GET /api/sale/filter or /api/purchase/filter: one page of the team's deals, newest deal date first (or newest
 * placement with sort=placement). The query carries the filters under the kind's names (saleDateCondition, ...).
 */
export function getDeals<K extends DealKind>(kind: K, query: DealsQuery, signal?: AbortSignal) {
  return apiRequest<Page<Sale | Purchase>>('GET', `/${kind}/filter`, { query, signal });
}

/** A whole filtered list, page after page by the server's cursor. */
export const dealPagesQueryOptions = (
  kind: DealKind,
  filters: DealFilters,
  sort: DealSort = 'date',
  limit: number = DEALS_PAGE_SIZE,
) => {
  const query: DealsQuery = { ...dealFilterQuery(kind, filters, sort), limit };
  return infiniteQueryOptions({
    queryKey: dealsQueryKeys.list(kind, query),
    queryFn: ({ pageParam, signal }) =>
      getDeals(kind, pageParam ? { ...query, cursor: pageParam } : query, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
};

export function useDealPages(kind: DealKind, filters: DealFilters, sort: DealSort) {
  // The previous list stays on screen (dimmed) while a new filter loads, instead of a blank spinner.
  return useInfiniteQuery({
    ...dealPagesQueryOptions(kind, filters, sort),
    placeholderData: keepPreviousData,
  });
}
