import type { Channel } from '@addesk/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest, type CountedPage } from '@/lib/api-client';
import { channelsQueryKeys } from '@/lib/query-keys';

/** `archived`: the archived channels instead of the live ones. */
export type ChannelsQuery = { limit?: number; cursor?: string; archived?: boolean };

/** GET /api/channel: one page of the team's live (or archived) channels with their total count. */
export function getChannels({ archived, ...query }: ChannelsQuery, signal?: AbortSignal) {
  return apiRequest<CountedPage<Channel>>('GET', '/channel', {
    query: { ...query, archived: archived ? 'true' : undefined },
    signal,
  });
}

export const channelsQueryOptions = (query: ChannelsQuery = {}) =>
  queryOptions({
    queryKey: channelsQueryKeys.list(query),
    queryFn: ({ signal }) => getChannels(query, signal),
  });

export function useChannels(query: ChannelsQuery = {}) {
  return useQuery(channelsQueryOptions(query));
}

/** What 'Архив' on /channels asks: only the count of archived channels. */
export const archiveEntryQuery: ChannelsQuery = { archived: true, limit: 1 };

/** How many channels the /channels screen asks for at a time. */
export const CHANNELS_PAGE_SIZE = 20;

/** The whole list (or the archive), page after page by the server's cursor ('Показать ещё'). */
export const channelPagesQueryOptions = (limit: number = CHANNELS_PAGE_SIZE, archived = false) =>
  infiniteQueryOptions({
    queryKey: channelsQueryKeys.pages(limit, archived),
    queryFn: ({ pageParam, signal }) => getChannels({ limit, cursor: pageParam, archived }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useChannelPages(limit?: number, archived = false) {
  return useInfiniteQuery(channelPagesQueryOptions(limit, archived));
}
