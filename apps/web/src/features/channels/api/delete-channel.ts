import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { channelsQueryKeys } from './get-channels';

/** DELETE /api/channel/{id} (204). */
export function deleteChannel(id: number) {
  return apiRequest('DELETE', `/channel/${id}`);
}

/**
 * Deletes a channel and refreshes every channel list (the dashboard card included). The confirmation sheet shows a
 * failure itself. The screen of the deleted channel calls `forgetChannel` once it has left: removing a query its
 * own screen still watches would make that screen ask for the channel again (and get 404).
 */
export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsQueryKeys.lists() }),
  });
}

/** Drops what was cached about a deleted channel (its details and employees). */
export function forgetChannel(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: channelsQueryKeys.detail(id) });
}
