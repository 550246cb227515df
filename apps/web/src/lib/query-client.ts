import { hashKey, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthenticated } from './api-client';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The mutation shows its own error (a form, a sheet): skip the shared toast. */
      silentError?: boolean;
    };
  }
}

export const DEFAULT_STALE_TIME = 5 * 60 * 1000;

/**
 * The key of who is signed in (features/auth's getCurrentUser). It lives here because the query client itself
 * clears it on a 401, and lib/ never imports a feature.
 */
export const currentUserQueryKey = ['auth', 'current-user'] as const;

const currentUserHash = hashKey(currentUserQueryKey);

/**
 * Query defaults of spec §9: no retry, data stale after 5 minutes (the current user never: see its options).
 * A 401 from any other call means the session ended: the current user becomes null and the signed-in layout
 * sends the user to /auth.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: DEFAULT_STALE_TIME },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthenticated(error) && query.queryHash !== currentUserHash) {
          queryClient.setQueryData(currentUserQueryKey, null);
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthenticated(error)) {
          queryClient.setQueryData(currentUserQueryKey, null);
          return;
        }
        if (!mutation.meta?.silentError) notifyError(error);
      },
    }),
  });
  return queryClient;
}
