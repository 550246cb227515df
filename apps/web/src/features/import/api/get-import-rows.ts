import type { ImportPreview } from '@addesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type ImportRowsFilter, importQueryKeys } from './import-query-keys';

/** GET /api/import/{id}/rows?cursor=&only=: a page of the rows as checked under the saved mapping, with the counts. */
export function getImportRows(
  id: number,
  only: ImportRowsFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return apiRequest<ImportPreview>('GET', `/import/${id}/rows`, { query: { cursor, only }, signal });
}

export const importRowsQueryOptions = (id: number, only: ImportRowsFilter) =>
  infiniteQueryOptions({
    queryKey: importQueryKeys.rows(id, only),
    queryFn: ({ pageParam, signal }) => getImportRows(id, only, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // The rows change only with the mapping, whose check replaces them.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useImportRows = (id: number, only: ImportRowsFilter) =>
  useInfiniteQuery(importRowsQueryOptions(id, only));
