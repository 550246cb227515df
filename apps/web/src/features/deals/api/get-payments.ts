import type { DealKind, Payment } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';

/**
 * GET /api/sale/{id}/payments or /api/purchase/{id}/payments: the deal's payments (decisions D5), under the deal's own
 * key: whatever makes the deal stale makes its payments stale too.
 */
export function getPayments(kind: DealKind, id: number, signal?: AbortSignal) {
  return apiRequest<Payment[]>('GET', `/${kind}/${id}/payments`, { signal });
}

export const paymentsQueryOptions = (kind: DealKind, id: number) =>
  queryOptions({
    queryKey: dealsQueryKeys.payments(kind, id),
    queryFn: ({ signal }) => getPayments(kind, id, signal),
  });

export function usePayments(kind: DealKind, id: number) {
  return useQuery(paymentsQueryOptions(kind, id));
}
