import type { DealKind, Payment } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealQueryKey } from './get-deal';

/** Under the deal's own key: whatever makes the deal stale makes its payments stale too. */
export const paymentsQueryKey = (kind: DealKind, id: number) =>
  [...dealQueryKey(kind, id), 'payments'] as const;

/** GET /api/sale/{id}/payments or /api/purchase/{id}/payments: the deal's payments (decisions D5). */
export function getPayments(kind: DealKind, id: number, signal?: AbortSignal) {
  return apiRequest<Payment[]>('GET', `/${kind}/${id}/payments`, { signal });
}

export const paymentsQueryOptions = (kind: DealKind, id: number) =>
  queryOptions({
    queryKey: paymentsQueryKey(kind, id),
    queryFn: ({ signal }) => getPayments(kind, id, signal),
  });

export function usePayments(kind: DealKind, id: number) {
  return useQuery(paymentsQueryOptions(kind, id));
}
