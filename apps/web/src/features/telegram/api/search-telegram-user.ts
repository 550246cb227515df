import type { ChannelInfo } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telegramQueryKeys } from '@/lib/query-keys';

/** GET /api/employee/searchInTelegram: the Telegram user behind a username (name and picture), 404 when unknown. */
export function searchTelegramUser(userName: string, signal?: AbortSignal) {
  return apiRequest<ChannelInfo>('GET', '/employee/searchInTelegram', { query: { userName }, signal });
}

/** `username`: an already well-formed name (parseTelegramLink), so a lookup is never wasted on a typo. */
export const telegramUserQueryOptions = (username: string) =>
  queryOptions({
    queryKey: telegramQueryKeys.user(username),
    queryFn: ({ signal }) => searchTelegramUser(username, signal),
    // A name seen a moment ago need not be asked again while the user edits the link back and forth.
    staleTime: 60_000,
  });

export function useTelegramUser(username: string | undefined) {
  return useQuery({ ...telegramUserQueryOptions(username ?? ''), enabled: Boolean(username) });
}
