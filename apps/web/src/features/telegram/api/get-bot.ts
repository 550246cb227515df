import type { telegramBotSchema, z } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telegramQueryKeys } from '@/lib/query-keys';

/** GET /api/telegram/bot: the bot to make a channel administrator; username null when the server has none. */
export function getTelegramBot(signal?: AbortSignal) {
  return apiRequest<z.infer<typeof telegramBotSchema>>('GET', '/telegram/bot', { signal });
}

/** Server configuration: it does not change while the app is open. */
export const telegramBotQueryOptions = () =>
  queryOptions({
    queryKey: telegramQueryKeys.bot,
    queryFn: ({ signal }) => getTelegramBot(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useTelegramBot() {
  return useQuery(telegramBotQueryOptions());
}
