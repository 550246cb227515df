import type { Attribution } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';

/** GET /api/purchase/{id}/attribution: the purchase's invite link and what it brought (issue 17). */
export function getAttribution(id: number, signal?: AbortSignal) {
  return apiRequest<Attribution>('GET', `/purchase/${id}/attribution`, { signal });
}

/** Joins arrive by themselves (the bot's updates): refetched every 30 s while the page is visible and on focus. */
export const ATTRIBUTION_REFRESH_MS = 30_000;

export const attributionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: dealsQueryKeys.attribution(id),
    queryFn: ({ signal }) => getAttribution(id, signal),
    refetchInterval: ATTRIBUTION_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });

export function useAttribution(id: number) {
  return useQuery(attributionQueryOptions(id));
}
