import type { DealKind, Import } from '@addesk/contract';
import { IMPORT_MAX_BYTES, importContentTypes } from '@addesk/contract/plain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, isApiError } from '@/lib/api-client';
import { importTexts } from '../lib/import-texts';
import { importQueryKeys } from './import-query-keys';

/**
 * The Content-Type a file is sent with: by its extension first (Windows calls a .csv 'application/vnd.ms-excel', and
 * some phones give no type at all), else by its own type; undefined for a file that is neither CSV nor XLSX.
 */
export function importContentTypeOf(file: File): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (extension === 'csv') return importContentTypes.csv;
  if (extension === 'xlsx') return importContentTypes.xlsx;
  return Object.values<string>(importContentTypes).includes(file.type) ? file.type : undefined;
}

/** A refusal made here, before sending, shaped as the server's so the screen shows every failure alike. */
const refusal = (message: string) => new ApiError(400, { code: 'VALIDATION_ERROR', message });

/**
 * POST /api/import?kind=&name=: the file itself as the body. 201 with the import as a draft (its columns, their first
 * values and a guessed mapping); a file the server cannot read answers 400 with why, one over 20 MB 413.
 */
export async function uploadImport(kind: DealKind, file: File): Promise<Import> {
  if (file.size > IMPORT_MAX_BYTES) throw refusal(importTexts.tooBig);
  const type = importContentTypeOf(file);
  if (type === undefined) throw refusal(importTexts.notTable);
  try {
    return await apiRequest<Import>('POST', '/import', {
      query: { kind, name: file.name },
      // The same bytes under the type chosen above (slice copies nothing).
      file: file.type === type ? file : file.slice(0, file.size, type),
    });
  } catch (error) {
    if (isApiError(error) && error.status === 413) throw refusal(importTexts.tooBig);
    throw error;
  }
}

/** The screen shows a failure itself, under the button; a draft is cached as GET /api/import/{id} would answer it. */
export function useUploadImport(kind: DealKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadImport(kind, file),
    meta: { silentError: true },
    onSuccess: (draft) => {
      queryClient.setQueryData(importQueryKeys.detail(draft.id), draft);
      void queryClient.invalidateQueries({ queryKey: importQueryKeys.list(kind) });
    },
  });
}
