import type { DealKind, ReferenceItem } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { referenceQueryKeys } from '@/lib/query-keys';

/** GET /api/sale/advertisementFormats or /api/purchase/advertisementFormats: Пост, Репост, Закреп... */
export function getAdvertisementFormats(kind: DealKind, signal?: AbortSignal) {
  return apiRequest<ReferenceItem[]>('GET', `/${kind}/advertisementFormats`, { signal });
}

export const advertisementFormatsQueryOptions = (kind: DealKind) =>
  queryOptions({
    queryKey: referenceQueryKeys.advertisementFormats(kind),
    queryFn: ({ signal }) => getAdvertisementFormats(kind, signal),
    // Seeded by migrations: it does not change while the app is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAdvertisementFormats(kind: DealKind, options: { enabled?: boolean } = {}) {
  return useQuery({ ...advertisementFormatsQueryOptions(kind), enabled: options.enabled ?? true });
}
