import type { Attribution } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealQueryKey } from './get-deal';

/** Under the purchase's own key: editing, cancelling or deleting the purchase makes its attribution stale too. */
export const attributionQueryKey = (id: number) => [...dealQueryKey('purchase', id), 'attribution'] as const;

/** GET /api/purchase/{id}/attribution: the purchase's invite link and what it brought (issue 17). */
export function getAttribution(id: number, signal?: AbortSignal) {
  return apiRequest<Attribution>('GET', `/purchase/${id}/attribution`, { signal });
}

/** Joins arrive by themselves (the bot's updates): refetched every 30 s while the page is visible and on focus. */
export const ATTRIBUTION_REFRESH_MS = 30_000;

export const attributionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: attributionQueryKey(id),
    queryFn: ({ signal }) => getAttribution(id, signal),
    refetchInterval: ATTRIBUTION_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });

export function useAttribution(id: number) {
  return useQuery(attributionQueryOptions(id));
}
