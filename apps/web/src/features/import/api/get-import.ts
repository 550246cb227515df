import type { Import } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { importQueryKeys } from './import-query-keys';

/** How often a committing import is asked how far it got (its `created` and `skipped` grow). */
export const IMPORT_POLL_MS = 700;

/** GET /api/import/{id}: the import with its columns, mapping, counts and state; another team's or a missing one 404. */
export function getImport(id: number, signal?: AbortSignal) {
  return apiRequest<Import>('GET', `/import/${id}`, { signal });
}

export const importQueryOptions = (id: number) =>
  queryOptions({
    queryKey: importQueryKeys.detail(id),
    queryFn: ({ signal }) => getImport(id, signal),
  });

/** The import; `polling` asks again every 700 ms (while it commits, for the progress bar). */
export const useImport = (id: number | undefined, polling = false) =>
  useQuery({
    ...importQueryOptions(id ?? 0),
    enabled: id !== undefined,
    refetchInterval: polling ? IMPORT_POLL_MS : false,
  });
