import type { DealKind, DeletedDealOf } from '@addesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type Page } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';

export type DeletedDeal = DeletedDealOf<DealKind>;

/**
 * GET /api/sale/deleted or /api/purchase/deleted: a page of the bin, newest deletion first, each deal with when and by
 * whom it was deleted and until when it can be restored.
 */
export function getDeletedDeals(kind: DealKind, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<Page<DeletedDeal>>('GET', `/${kind}/deleted`, {
    query: cursor ? { cursor } : {},
    signal,
  });
}

export const deletedDealsQueryOptions = (kind: DealKind) =>
  infiniteQueryOptions({
    queryKey: dealsQueryKeys.deleted(kind),
    queryFn: ({ pageParam, signal }) => getDeletedDeals(kind, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export const useDeletedDeals = (kind: DealKind) => useInfiniteQuery(deletedDealsQueryOptions(kind));
