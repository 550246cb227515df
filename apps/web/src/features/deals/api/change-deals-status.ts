import type { DealBulkResult, DealBulkStatus, DealKind } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';
import { afterDealWrite, invalidate } from '@/lib/stale';

/** PATCH /api/sale/bulk or /api/purchase/bulk: every chosen deal to the status, or none (404/403 for the whole call). */
export function changeDealsStatus(kind: DealKind, body: DealBulkStatus) {
  return apiRequest<DealBulkResult>('PATCH', `/${kind}/bulk`, { body });
}

/** The bar shows the failure as a toast itself; success refreshes the lists, their totals and every open deal. */
export function useChangeDealsStatus(kind: DealKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealBulkStatus) => changeDealsStatus(kind, body),
    meta: { silentError: true },
    onSuccess: () => invalidate(queryClient, [...afterDealWrite(kind), dealsQueryKeys.details(kind)]),
  });
}
