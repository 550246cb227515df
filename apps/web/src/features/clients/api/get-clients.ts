import type { ClientItem } from '@addesk/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type Page } from '@/lib/api-client';
import { clientsQueryKeys } from '@/lib/query-keys';

/** How many clients a list asks for at a time; the next page comes as the user scrolls. */
export const CLIENTS_PAGE_SIZE = 30;

/** GET /api/clients: the team's clients with their money, newest first; `q` as the deal lists' search reads it. */
export const clientPagesQueryOptions = (q: string | undefined) =>
  infiniteQueryOptions({
    queryKey: clientsQueryKeys.list(q),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Page<ClientItem>>('GET', '/clients', {
        query: { limit: CLIENTS_PAGE_SIZE, ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useClientPages(q: string | undefined, enabled = true) {
  // The previous list stays on screen while a new search loads, instead of a blank spinner.
  return useInfiniteQuery({ ...clientPagesQueryOptions(q), placeholderData: keepPreviousData, enabled });
}
