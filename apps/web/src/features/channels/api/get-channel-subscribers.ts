import type { ChannelSubscribers } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { channelsQueryKeys } from '@/lib/query-keys';

/** GET /api/channel/{id}/subscribers: the bot's daily count of the channel, its change and the joins it saw. */
export function getChannelSubscribers(id: number, signal?: AbortSignal) {
  return apiRequest<ChannelSubscribers>('GET', `/channel/${id}/subscribers`, { signal });
}

export const channelSubscribersQueryOptions = (id: number) =>
  queryOptions({
    // Under the channel's key: whatever refreshes the channel refreshes its subscribers too.
    queryKey: channelsQueryKeys.subscribers(id),
    queryFn: ({ signal }) => getChannelSubscribers(id, signal),
  });

export function useChannelSubscribers(id: number) {
  return useQuery(channelSubscribersQueryOptions(id));
}
