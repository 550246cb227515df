import type { DealKind, Purchase, PurchaseCreate, Sale, SaleCreate } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';
import { afterDealWrite, invalidate } from '@/lib/stale';

/** The body of POST /api/sale or /api/purchase (spec §3 "Sale payload" / "Purchase payload"). */
export type DealPayload = SaleCreate | PurchaseCreate;

/** POST /api/sale or /api/purchase: answers the created deal (201). */
export function createDeal(kind: DealKind, body: DealPayload) {
  return apiRequest<Sale | Purchase>('POST', `/${kind}`, { body, idempotent: true });
}

/**
 * The form shows every failure itself (server field errors go under their fields), hence no shared toast.
 * Success makes the kind's lists and the calendar stale, and keeps the new deal for its own screen.
 */
export function useCreateDeal(kind: DealKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealPayload) => createDeal(kind, body),
    meta: { silentError: true },
    onSuccess: async (created) => {
      await invalidate(queryClient, afterDealWrite(kind));
      queryClient.setQueryData(dealsQueryKeys.detail(kind, created.id), created);
    },
  });
}
