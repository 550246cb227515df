import type { CurrentUser } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isUnauthenticated } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/query-client';

/** GET /api/employee: the signed-in user, or null when signed out (401 is an answer here, not an error). */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('GET', '/employee', { signal });
  } catch (error) {
    if (isUnauthenticated(error)) return null;
    throw error;
  }
}

/** Never stale (spec §9): it changes only by signing in or out, which reload or reset it. */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
