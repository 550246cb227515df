import type { Client } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clientsQueryKeys, dealsQueryKeys } from '@/lib/query-keys';
import { invalidate } from '@/lib/stale';

/**
 * POST /api/clients/{id}/merge {intoId}: every deal of the client moves to `intoId` and this card is removed; answers
 * the card that stays. The clients and the deals (their contact) are read again; the sheet shows a failure itself.
 */
export function useMergeClients(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intoId: number) => apiRequest<Client>('POST', `/clients/${id}/merge`, { body: { intoId } }),
    meta: { silentError: true },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: clientsQueryKeys.detail(id) });
      await invalidate(queryClient, [clientsQueryKeys.all, dealsQueryKeys.all]);
    },
  });
}
