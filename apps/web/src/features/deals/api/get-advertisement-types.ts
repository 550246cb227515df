import type { ReferenceItem } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { referenceQueryKeys } from '@/lib/query-keys';

/** GET /api/sale/advertisementTypes: Прямая реклама, Нативная реклама... (sales only have a type). */
export function getAdvertisementTypes(signal?: AbortSignal) {
  return apiRequest<ReferenceItem[]>('GET', '/sale/advertisementTypes', { signal });
}

export const advertisementTypesQueryOptions = () =>
  queryOptions({
    queryKey: referenceQueryKeys.advertisementTypes,
    queryFn: ({ signal }) => getAdvertisementTypes(signal),
    // Seeded by migrations: it does not change while the app is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAdvertisementTypes(options: { enabled?: boolean } = {}) {
  return useQuery({ ...advertisementTypesQueryOptions(), enabled: options.enabled ?? true });
}
