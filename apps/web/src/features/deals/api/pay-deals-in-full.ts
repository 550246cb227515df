import type { DealBulkPayment, DealBulkResult, DealKind } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';
import { afterDealWrite, invalidate } from '@/lib/stale';

/**
 * POST /api/sale/bulk/payments or /api/purchase/bulk/payments: a payment of what is left of each chosen deal (201 with
 * how many were paid and the sum); a repeated key answers the first result instead of paying twice.
 */
export function payDealsInFull(kind: DealKind, body: DealBulkPayment) {
  return apiRequest<DealBulkResult>('POST', `/${kind}/bulk/payments`, { body, idempotent: true });
}

/** As ./change-deals-status.ts: the money moved too, so the finance screen is refreshed with the lists. */
export function usePayDealsInFull(kind: DealKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealBulkPayment) => payDealsInFull(kind, body),
    meta: { silentError: true },
    onSuccess: () => invalidate(queryClient, [...afterDealWrite(kind), dealsQueryKeys.details(kind)]),
  });
}
