import type { Channel, ChannelCreate } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { channelsQueryKeys } from '@/lib/query-keys';

/** POST /api/channel: adds a channel by any pasted form of its link; the server resolves name and image. */
export function createChannel(body: ChannelCreate) {
  return apiRequest<Channel>('POST', '/channel', { body, idempotent: true });
}

/**
 * The create screen shows every failure itself (the tariff limit needs its link), hence no shared toast.
 * Success refreshes every channel list, the dashboard card included.
 */
export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChannel,
    meta: { silentError: true },
    onSuccess: (created) => {
      queryClient.setQueryData(channelsQueryKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: channelsQueryKeys.lists() });
    },
  });
}
