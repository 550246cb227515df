import type { ChannelPrice } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { channelsQueryKeys } from '@/lib/query-keys';

/** GET /api/channel/{id}/prices: the channel's price list, in the order it was written (a short plain list). */
export function getChannelPrices(id: number, signal?: AbortSignal) {
  return apiRequest<ChannelPrice[]>('GET', `/channel/${id}/prices`, { signal });
}

export const channelPricesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: channelsQueryKeys.prices(id),
    queryFn: ({ signal }) => getChannelPrices(id, signal),
  });

export function useChannelPrices(id: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...channelPricesQueryOptions(id ?? 0),
    enabled: id !== null && (options.enabled ?? true),
  });
}
