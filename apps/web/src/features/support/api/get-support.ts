import type { supportSchema, z } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { supportQueryKey } from '@/lib/query-keys';

/** GET /api/support: the support chat link (setting SUPPORT_URL, a t.me link; decisions D2). */
export function getSupport(signal?: AbortSignal) {
  return apiRequest<z.infer<typeof supportSchema>>('GET', '/support', { signal });
}

/** Server configuration: it does not change while the app is open. */
export const supportQueryOptions = () =>
  queryOptions({
    queryKey: supportQueryKey,
    queryFn: ({ signal }) => getSupport(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSupport() {
  return useQuery(supportQueryOptions());
}
