import type { tariffSchema, z } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tariffsQueryKeys } from '@/lib/query-keys';

/** GET /api/tariff: the paid tariffs with their limits, terms and prices (spec §9). */
export function getTariffs(signal?: AbortSignal) {
  return apiRequest<z.infer<typeof tariffSchema>[]>('GET', '/tariff', { signal });
}

/** The catalogue changes only with a new release of the server. */
export const tariffsQueryOptions = () =>
  queryOptions({
    queryKey: tariffsQueryKeys.catalogue(),
    queryFn: ({ signal }) => getTariffs(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useTariffs() {
  return useQuery(tariffsQueryOptions());
}
