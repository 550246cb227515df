import type { AuthProviders } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authQueryKeys } from '@/lib/query-keys';

/** GET /api/auth/providers: which sign-in ways this installation offers (demo only where enabled). */
export function getAuthProviders(signal?: AbortSignal) {
  return apiRequest<AuthProviders>('GET', '/auth/providers', { signal });
}

export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: authQueryKeys.providers,
    queryFn: ({ signal }) => getAuthProviders(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
