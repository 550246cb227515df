import type { DealKind } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { afterPaymentWrite, invalidate } from '@/lib/stale';

/** DELETE /api/sale/{id}/payments/{paymentId} (or /api/purchase): 204. */
export function deletePayment(kind: DealKind, id: number, paymentId: number) {
  return apiRequest('DELETE', `/${kind}/${id}/payments/${paymentId}`);
}

/** The confirmation sheet shows the failure, hence no shared toast. */
export function useDeletePayment(kind: DealKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number) => deletePayment(kind, id, paymentId),
    meta: { silentError: true },
    onSuccess: () => invalidate(queryClient, afterPaymentWrite(kind, id)),
  });
}
