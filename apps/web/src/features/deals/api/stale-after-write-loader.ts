import type { DealKind } from '@addesk/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What a deal write makes stale names other features' query keys, and importing their index files would put their
 * chunks on the forms' first load (/sale/new is at its 200 KB budget): they load once a save has succeeded instead.
 */
const loadStaleAfterWrite = () => import('./stale-after-write');

/**
 * Refetches everything a written, deleted or restored deal of this kind can show up in (./stale-after-write.ts),
 * and `more` (the deal itself).
 */
export async function invalidateAfterWrite(queryClient: QueryClient, kind: DealKind, ...more: QueryKey[]) {
  const { staleAfterWrite } = await loadStaleAfterWrite();
  await Promise.all(
    [...staleAfterWrite(kind), ...more].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
