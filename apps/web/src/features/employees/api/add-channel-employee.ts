import type { ChannelEmployeeAdd } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { afterChannelEmployeeAdd, invalidate } from '@/lib/stale';

/** The id of the person added: the server's answer, which the contract names no type for (an inline schema of the route). */
export type AddedEmployee = { employeeId: number };

export type AddChannelEmployee = { channelId: number; body: ChannelEmployeeAdd };

/**
 * POST /api/channel/{id}/employees (201 {employeeId}): the person (new, or a team member), the role with its pay
 * terms and the requisites in one transaction (decision 005). The body's requestId makes a repeated request answer
 * the first result instead of adding the person twice.
 */
export function addChannelEmployee({ channelId, body }: AddChannelEmployee) {
  return apiRequest<AddedEmployee>('POST', `/channel/${channelId}/employees`, { body });
}

/**
 * The card shows every failure itself (under the fields when the server names them). Success refreshes the team,
 * every employee query (the dashboard card included) and the channel's employee list.
 */
export function useAddChannelEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addChannelEmployee,
    meta: { silentError: true },
    onSuccess: (_added, { channelId }) => invalidate(queryClient, afterChannelEmployeeAdd(channelId)),
  });
}
