import type { DealKind, Purchase, Sale } from '@addesk/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type Page } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';
import { type DealListQuery, dealFilterQuery } from '../lib/deal-search';

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

/**
 * What a list shows, as the filter call's query without its page: `channelId` is a channel's own list
 * (/channels/{id}/sales), that channel instead of any chosen in the filters. The list and its totals
 * (./get-deal-summary.ts) both ask by it, so they cannot show two different selections.
 */
export function dealListFilterQuery(kind: DealKind, list: DealListQuery, channelId?: number) {
  const filters = channelId === undefined ? list.filters : { ...list.filters, channelId: String(channelId) };
  return dealFilterQuery(kind, filters, list.sort);
}

/** A whole filtered list, page after page by the server's cursor. */
export const dealPagesQueryOptions = (kind: DealKind, list: DealListQuery, channelId?: number) => {
  const query: DealsQuery = { ...dealListFilterQuery(kind, list, channelId), limit: DEALS_PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: dealsQueryKeys.list(kind, query),
    queryFn: ({ pageParam, signal }) =>
      getDeals(kind, pageParam ? { ...query, cursor: pageParam } : query, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
};

export function useDealPages(kind: DealKind, list: DealListQuery, channelId?: number) {
  // The previous list stays on screen (dimmed) while a new filter loads, instead of a blank spinner.
  return useInfiniteQuery({
    ...dealPagesQueryOptions(kind, list, channelId),
    placeholderData: keepPreviousData,
  });
}
