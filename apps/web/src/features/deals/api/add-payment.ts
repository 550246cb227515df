import type { DealKind, Payment, PaymentCreate } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { afterPaymentWrite, invalidate } from '@/lib/stale';

/**
 * POST /api/sale/{id}/payments or /api/purchase/{id}/payments: answers the payment (201); more than what is left of
 * the price answers 400 'Сумма оплат больше стоимости' under `amount`.
 */
export function addPayment(kind: DealKind, id: number, body: PaymentCreate) {
  return apiRequest<Payment>('POST', `/${kind}/${id}/payments`, { body, idempotent: true });
}

/** The caller shows the failure itself (under the fields, or in its sheet), hence no shared toast. */
export function useAddPayment(kind: DealKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentCreate) => addPayment(kind, id, body),
    meta: { silentError: true },
    onSuccess: () => invalidate(queryClient, afterPaymentWrite(kind, id)),
  });
}
