import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGetGuarded } from '@/lib/api-client';
import { isAuthProviders } from '@/lib/guards';

export const authProvidersQueryKey = ['auth', 'providers'] as const;

/** GET /api/auth/providers: which sign-in ways this installation offers (demo only where enabled). */
export function getAuthProviders(signal?: AbortSignal) {
  return apiGetGuarded('/auth/providers', isAuthProviders, { signal });
}

export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: authProvidersQueryKey,
    queryFn: ({ signal }) => getAuthProviders(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
