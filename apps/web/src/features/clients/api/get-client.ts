import type { Client } from '@addesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clientsQueryKeys } from '@/lib/query-keys';

/** How many of a client's deals come at a time. */
export const CLIENT_DEALS_PAGE_SIZE = 20;

/**
 * GET /api/clients/{id}: the client's figures and a page of their deals, newest first; each next page of deals comes
 * with the figures again (the card reads them from the first).
 */
export const clientQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: clientsQueryKeys.detail(id),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Client>('GET', `/clients/${id}`, {
        query: { limit: CLIENT_DEALS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.dealPage.nextCursor ?? undefined,
  });

export function useClient(id: number) {
  return useInfiniteQuery(clientQueryOptions(id));
}
