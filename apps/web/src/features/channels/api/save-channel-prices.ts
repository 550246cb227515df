import type { ChannelPrice, ChannelPricesInput } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { channelsQueryKeys } from '@/lib/query-keys';

/** PUT /api/channel/{id}/prices: replaces the whole list; answers it as saved. */
export function saveChannelPrices(id: number, list: ChannelPricesInput) {
  return apiRequest<ChannelPrice[]>('PUT', `/channel/${id}/prices`, { body: list });
}

/** Saves the list; the sheet shows a failure itself, with the rows' field errors. */
export function useSaveChannelPrices(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: ChannelPricesInput) => saveChannelPrices(id, list),
    meta: { silentError: true },
    onSuccess: (saved) => queryClient.setQueryData(channelsQueryKeys.prices(id), saved),
  });
}
