import type { DealKind, ImportListItem } from '@addesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type Page } from '@/lib/api-client';
import { importQueryKeys } from './import-query-keys';

/** GET /api/import?kind=&cursor=: a page of the kind's imports, newest first, without their columns. */
export function getImports(kind: DealKind, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<Page<ImportListItem>>('GET', '/import', { query: { kind, cursor }, signal });
}

export const importsQueryOptions = (kind: DealKind) =>
  infiniteQueryOptions({
    queryKey: importQueryKeys.list(kind),
    queryFn: ({ pageParam, signal }) => getImports(kind, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export const useImports = (kind: DealKind) => useInfiniteQuery(importsQueryOptions(kind));
