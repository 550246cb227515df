import type { Channel } from '@addesk/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { channelsQueryKeys } from '@/lib/query-keys';

/** DELETE /api/channel/{id} (204): moves the channel to the archive; its deals stay (decisions 017). */
export function archiveChannel(id: number) {
  return apiRequest('DELETE', `/channel/${id}`);
}

/** POST /api/channel/{id}/restore: the channel back from the archive (403 when the tariff has no place for it). */
export function restoreChannel(id: number) {
  return apiRequest<Channel>('POST', `/channel/${id}/restore`);
}

/**
 * What an archive or a restore changes: every channel list, the dashboard card and the archive included. (The
 * tariff screen asks for its channel count on each visit.)
 */
function refreshLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: channelsQueryKeys.lists() });
}

/**
 * Archives a channel. The confirmation sheet shows a failure itself. The channel's own screen is refreshed by
 * `refreshChannel` once it has left, so it does not flash the archived state on the way out.
 */
export function useArchiveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveChannel,
    meta: { silentError: true },
    onSuccess: () => refreshLists(queryClient),
  });
}

/** Marks what was read of one channel stale (its screen shows 'Канал в архиве' next time). */
export function refreshChannel(queryClient: QueryClient, id: number) {
  return queryClient.invalidateQueries({ queryKey: channelsQueryKeys.detail(id) });
}

/** Restores a channel; a failure (the tariff full) is the shared toast with the server's Russian message. */
export function useRestoreChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreChannel,
    onSuccess: (channel) => {
      queryClient.setQueryData(channelsQueryKeys.detail(channel.id), channel);
      return refreshLists(queryClient);
    },
  });
}
