import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export type ChannelsQuery = { limit?: number; cursor?: string };

export const channelsQueryKeys = {
  all: ['channels'] as const,
  list: (query: ChannelsQuery) => ['channels', 'list', query] as const,
};

/** GET /api/channel: one page of the team's channels with their total count. */
export function getChannels(query: ChannelsQuery, signal?: AbortSignal) {
  return apiGet('/channel', (c) => c.countedPage(c.channelSchema), { query, signal });
}

export const channelsQueryOptions = (query: ChannelsQuery = {}) =>
  queryOptions({
    queryKey: channelsQueryKeys.list(query),
    queryFn: ({ signal }) => getChannels(query, signal),
  });

export function useChannels(query: ChannelsQuery = {}) {
  return useQuery(channelsQueryOptions(query));
}
