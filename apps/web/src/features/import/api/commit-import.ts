import type { DealKind } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { afterDealWrite, invalidate } from '@/lib/stale';
import { importQueryKeys } from './import-query-keys';

export type ImportCommit = { created: number; skipped: number };

/**
 * POST /api/import/{id}/commit: the valid rows become deals (up to a minute for 100 000 rows; meanwhile GET
 * /api/import/{id} tells how far it got), answered with how many deals it made and how many rows it left out.
 */
export function commitImport(id: number) {
  return apiRequest<ImportCommit>('POST', `/import/${id}/commit`);
}

/** The screen shows a failure itself; success refreshes every list and sum the new deals are in, and the imports. */
export function useCommitImport(kind: DealKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => commitImport(id),
    meta: { silentError: true },
    // The progress bar starts from what the server says now, then every 700 ms (./get-import.ts).
    onMutate: () => void queryClient.invalidateQueries({ queryKey: importQueryKeys.detail(id) }),
    onSettled: () =>
      Promise.all([
        invalidate(queryClient, [...afterDealWrite(kind), importQueryKeys.list(kind)]),
        // The import alone: its rows' pages (under its key) answer 409 once it is no longer a draft.
        queryClient.invalidateQueries({ queryKey: importQueryKeys.detail(id), exact: true }),
      ]),
  });
}
