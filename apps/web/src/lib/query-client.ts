import { hashKey, MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthenticated } from './api-client';
import { notifyError } from './notify';
import { authQueryKeys } from './query-keys';

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
 * A query's staleTime: fresh for `ms` while online, and for good while offline, so a screen opened offline shows what
 * the cache has at once instead of a loader waiting for the connection (which refetches everything on screen anyway).
 */
export const freshFor = (ms: number) => () => (onlineManager.isOnline() ? ms : Number.POSITIVE_INFINITY);

/** Who is signed in (features/auth's getCurrentUser): the query client itself clears it on a 401. */
const currentUserQueryKey = authQueryKeys.currentUser;
const currentUserHash = hashKey(currentUserQueryKey);

/**
 * Query defaults of spec §9: no retry, data stale after 5 minutes (the current user never: see its options).
 * A 401 from any other call means the session ended: the current user becomes null and the signed-in layout
 * sends the user to /auth.
 *
 * Offline (docs/decisions/018): a query waits for the connection instead of failing (networkMode 'online', the
 * default), so a list keeps what it shows; while offline the cache counts as fresh, so a screen opened again shows
 * what it had at once instead of a loader that waits for the network; back online every query on screen fetches
 * again. A mutation never waits: it fails at once with 'Нет связи с сервером' rather than firing minutes later.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: freshFor(DEFAULT_STALE_TIME),
        refetchOnReconnect: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
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
