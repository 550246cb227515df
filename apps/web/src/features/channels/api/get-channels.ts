import type { Channel } from '@addesk/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest, type CountedPage } from '@/lib/api-client';

export type ChannelsQuery = { limit?: number; cursor?: string };

/**
 * Every channel query lives under ['channels']: adding or deleting a channel invalidates that prefix, so the
 * dashboard card, the list and the channel screens all show the change.
 */
export const channelsQueryKeys = {
  all: ['channels'] as const,
  lists: () => ['channels', 'list'] as const,
  list: (query: ChannelsQuery) => ['channels', 'list', query] as const,
  pages: (limit: number) => ['channels', 'list', 'pages', { limit }] as const,
  detail: (id: number) => ['channels', 'detail', id] as const,
  employees: (id: number) => ['channels', 'detail', id, 'employees'] as const,
};

/** GET /api/channel: one page of the team's channels with their total count. */
export function getChannels(query: ChannelsQuery, signal?: AbortSignal) {
  return apiRequest<CountedPage<Channel>>('GET', '/channel', { query, signal });
}

export const channelsQueryOptions = (query: ChannelsQuery = {}) =>
  queryOptions({
    queryKey: channelsQueryKeys.list(query),
    queryFn: ({ signal }) => getChannels(query, signal),
  });

export function useChannels(query: ChannelsQuery = {}) {
  return useQuery(channelsQueryOptions(query));
}

/** How many channels the /channels screen asks for at a time. */
export const CHANNELS_PAGE_SIZE = 20;

/** The whole list, page after page by the server's cursor ('Показать ещё'). */
export const channelPagesQueryOptions = (limit: number = CHANNELS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: channelsQueryKeys.pages(limit),
    queryFn: ({ pageParam, signal }) => getChannels({ limit, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useChannelPages(limit?: number) {
  return useInfiniteQuery(channelPagesQueryOptions(limit));
}
