import type { DealKind, Purchase, PurchaseCreate, Sale, SaleCreate } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';
import { afterDealWrite, invalidate } from '@/lib/stale';

/** The body of a PATCH: only what changed, and the version the deal was read at. */
export type DealPatch = (Partial<SaleCreate> | Partial<PurchaseCreate>) & { version: number };

/** PATCH /api/sale/{id} or /api/purchase/{id}: answers the deal as saved; a stale version answers 409 VERSION_CONFLICT. */
export function updateDeal(kind: DealKind, id: number, body: DealPatch) {
  return apiRequest<Sale | Purchase>('PATCH', `/${kind}/${id}`, { body });
}

/**
 * The form shows every failure itself (a conflict reloads the deal), hence no shared toast. Success makes the lists
 * and the calendar stale and reloads the deal itself (spec §2.8: after saving it reloads the deal), so when the
 * mutation resolves the cache holds the deal as the server now has it.
 */
export function useUpdateDeal(kind: DealKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealPatch) => updateDeal(kind, id, body),
    meta: { silentError: true },
    onSuccess: () => invalidate(queryClient, [...afterDealWrite(kind), dealsQueryKeys.detail(kind, id)]),
  });
}
