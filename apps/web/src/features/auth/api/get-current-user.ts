import type { CurrentUser } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isUnauthenticated } from '@/lib/api-client';
import { setTeamTimeZone } from '@/lib/format';
import { authQueryKeys } from '@/lib/query-keys';

/**
 * GET /api/employee: the signed-in user, or null when signed out (401 is an answer here, not an error). Its team's
 * zone becomes the web's clock before any signed-in screen draws a date.
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    const user = await apiRequest<CurrentUser>('GET', '/employee', { signal });
    setTeamTimeZone(user.timeZone);
    return user;
  } catch (error) {
    if (isUnauthenticated(error)) return null;
    throw error;
  }
}

/** Never stale (spec §9): it changes only by signing in or out, which reload or reset it. */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authQueryKeys.currentUser,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
