import type { DealKind } from '@addesk/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';
import { afterDealWrite, invalidate } from '@/lib/stale';

/**
 * DELETE /api/sale/{id} or /api/purchase/{id}: 204. The deal leaves every list, the calendar and every sum, and can
 * be restored for 30 days (./restore-deal.ts); a missing, foreign or already deleted deal answers 404.
 */
export function deleteDeal(kind: DealKind, id: number) {
  return apiRequest('DELETE', `/${kind}/${id}`);
}

/**
 * The confirmation sheet shows a failure itself, hence no shared toast. Success refetches everything the deal was
 * in; the deal's own screen calls `forgetDeal` once it has left: removing a query its screen still watches would
 * make that screen ask for the deal again (and get 404).
 */
export function useDeleteDeal(kind: DealKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDeal(kind, id),
    meta: { silentError: true },
    onSuccess: () => invalidate(queryClient, afterDealWrite(kind)),
  });
}

/** Drops the cached deal, so its address answers as the server does now (not found) rather than from memory. */
export function forgetDeal(queryClient: QueryClient, kind: DealKind, id: number): void {
  queryClient.removeQueries({ queryKey: dealsQueryKeys.detail(kind, id) });
}
