import type { ImportMapping, ImportPreview } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { importQueryKeys } from './import-query-keys';

/**
 * PUT /api/import/{id} with the mapping: every row checked under it (the mapping is kept for the commit), answered
 * with the counts and the first page of rows. A required field without a column answers 400 with `fieldErrors`
 * under 'mapping.<field>'.
 */
export function checkImport(id: number, mapping: ImportMapping) {
  return apiRequest<ImportPreview>('PUT', `/import/${id}`, { body: { mapping }, query: { only: 'all' } });
}

/**
 * The screen shows the field errors itself. The answer is the first page of all rows: it starts that list, and the
 * pages of a previous mapping (the errors only) are dropped.
 */
export function useCheckImport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: ImportMapping) => checkImport(id, mapping),
    meta: { silentError: true },
    onSuccess: (preview, mapping) => {
      queryClient.removeQueries({ queryKey: importQueryKeys.rows(id, 'invalid') });
      queryClient.setQueryData(importQueryKeys.rows(id, 'all'), {
        pages: [preview],
        pageParams: [undefined],
      });
      queryClient.setQueryData(importQueryKeys.detail(id), (draft) =>
        draft
          ? {
              ...draft,
              mapping,
              total: preview.total,
              valid: preview.valid,
              invalid: preview.invalid,
              duplicate: preview.duplicate,
            }
          : draft,
      );
    },
  });
}
