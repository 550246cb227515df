import type { DealKind, ReferenceItem } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';

/** GET /api/sale/statuses or /api/purchase/statuses: the kind's statuses in their order (decisions D3). */
export function getDealStatuses(kind: DealKind, signal?: AbortSignal) {
  return apiRequest<ReferenceItem[]>('GET', `/${kind}/statuses`, { signal });
}

export const dealStatusesQueryOptions = (kind: DealKind) =>
  queryOptions({
    queryKey: dealsQueryKeys.statuses(kind),
    queryFn: ({ signal }) => getDealStatuses(kind, signal),
    // Reference data, seeded by migrations: it does not change while the app is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useDealStatuses(kind: DealKind, options: { enabled?: boolean } = {}) {
  return useQuery({ ...dealStatusesQueryOptions(kind), enabled: options.enabled ?? true });
}
