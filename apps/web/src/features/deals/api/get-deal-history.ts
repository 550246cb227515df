import type { DealKind, HistoryEvent } from '@addesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type Page } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';

/** GET /api/{sale|purchase}/{id}/history: who did what to the deal, newest first (docs/decisions/025). */
export function getDealHistory(kind: DealKind, id: number, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<Page<HistoryEvent>>('GET', `/${kind}/${id}/history`, {
    query: { limit: 20, cursor },
    signal,
  });
}

export function useDealHistory(kind: DealKind, id: number) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: dealsQueryKeys.history(kind, id),
      queryFn: ({ pageParam, signal }) => getDealHistory(kind, id, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
}
