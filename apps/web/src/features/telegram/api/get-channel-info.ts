import type { ChannelInfo } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telegramQueryKeys } from '@/lib/query-keys';

/** GET /api/telegram/channel-info: the public channel behind a username (name and image), 404 when unknown. */
export function getChannelInfo(channelNick: string, signal?: AbortSignal) {
  return apiRequest<ChannelInfo>('GET', '/telegram/channel-info', { query: { channelNick }, signal });
}

/** `username`: an already well-formed name (parseTelegramLink), so a lookup is never wasted on a typo. */
export const channelInfoQueryOptions = (username: string) =>
  queryOptions({
    queryKey: telegramQueryKeys.channelInfo(username),
    queryFn: ({ signal }) => getChannelInfo(username, signal),
    // A name seen a moment ago need not be asked again while the user edits the link back and forth.
    staleTime: 60_000,
  });

export function useChannelInfo(username: string | undefined) {
  return useQuery({ ...channelInfoQueryOptions(username ?? ''), enabled: Boolean(username) });
}
