import type { DealKind } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { afterDealWrite, invalidate } from '@/lib/stale';
import { importQueryKeys } from './import-query-keys';

/**
 * DELETE /api/import/{id}: a draft is discarded (removed 0); a done import's deals are deleted, restorable from the
 * bin for 30 days like any deleted deal.
 */
export function undoImport(id: number) {
  return apiRequest<{ removed: number }>('DELETE', `/import/${id}`);
}

/** The confirmation sheet shows a failure itself; success refreshes the lists, the bin and the sums, and the imports. */
export function useUndoImport(kind: DealKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => undoImport(id),
    meta: { silentError: true },
    onSuccess: () =>
      Promise.all([
        invalidate(queryClient, [...afterDealWrite(kind), importQueryKeys.list(kind)]),
        // The import alone: its rows' pages (under its key) answer 409 once it is no longer a draft.
        queryClient.invalidateQueries({ queryKey: importQueryKeys.detail(id), exact: true }),
      ]),
  });
}
