import type { Channel } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { freshFor } from '@/lib/query-client';
import { channelsQueryKeys } from '@/lib/query-keys';

/** GET /api/channel/{id}: one channel of the team; the server re-checks the bot's rights (at most once a minute). */
export function getChannel(id: number, signal?: AbortSignal) {
  return apiRequest<Channel>('GET', `/channel/${id}`, { signal });
}

export const channelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: channelsQueryKeys.detail(id),
    queryFn: ({ signal }) => getChannel(id, signal),
    // Opening the screen is how the user asks for fresh bot rights: ask the server again each time, unless the
    // answer is a few seconds old (the preload on touching the link).
    staleTime: freshFor(10_000),
  });

export function useChannel(id: number) {
  return useQuery(channelQueryOptions(id));
}
