import type { DealKind, Purchase, Sale } from '@addesk/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';
import { afterDealWrite, invalidate } from '@/lib/stale';

/**
 * POST /api/sale/{id}/restore or /api/purchase/{id}/restore: 200 with the deal (as GET answers it). A deal that is
 * not deleted answers the same, so a second tap on 'Отменить' is harmless; one deleted more than 30 days ago 404.
 */
export function restoreDeal(kind: DealKind, id: number) {
  return apiRequest<Sale | Purchase>('POST', `/${kind}/${id}/restore`);
}

/**
 * Restores a deleted deal and refetches everything it is back in. A plain function rather than a mutation hook:
 * 'Отменить' is tapped in a toast after the deal's screen, whose hooks would have run it, has gone.
 */
export async function restoreDealAndRefresh(queryClient: QueryClient, kind: DealKind, id: number) {
  const restored = await restoreDeal(kind, id);
  queryClient.setQueryData(dealsQueryKeys.detail(kind, id), restored);
  await invalidate(queryClient, afterDealWrite(kind));
  return restored;
}
