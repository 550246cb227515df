import type { Attribution } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';

/**
 * POST /api/purchase/{id}/invite-link: makes the purchase's invite link now and answers the attribution with it;
 * 400 with the reason when the bot cannot (not an administrator, no right to invite), 502 when Telegram is silent.
 */
export function createInviteLink(id: number) {
  return apiRequest<Attribution>('POST', `/purchase/${id}/invite-link`);
}

/** The card shows the failure under its button, hence no shared toast. */
export function useCreateInviteLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createInviteLink(id),
    meta: { silentError: true },
    onSuccess: (attribution) => queryClient.setQueryData(dealsQueryKeys.attribution(id), attribution),
  });
}
