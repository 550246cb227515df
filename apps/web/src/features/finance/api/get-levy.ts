import type { Levy } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { financeQueryKeys } from '@/lib/query-keys';

// The quarter's levy on ad revenue (issue 35, decisions D6): the owner's only. Under ['finance'], so whatever makes the
// finance figures stale (a saved deal, a payment) makes it stale too; the key lives here, not in lib/query-keys.ts,
// which every screen loads first: only /finance reads it.
export const levyQueryKey = (quarter: string) => [...financeQueryKeys.all, 'levy', quarter] as const;

/** GET /api/marking/levy?quarter=2026-Q4: 3 % of the quarter's ad revenue (sales) and the day it is due. */
export function getLevy(quarter: string, signal?: AbortSignal) {
  return apiRequest<Levy>('GET', '/marking/levy', { query: { quarter }, signal });
}

export const levyQueryOptions = (quarter: string) =>
  queryOptions({
    queryKey: levyQueryKey(quarter),
    queryFn: ({ signal }) => getLevy(quarter, signal),
  });

export function useLevy(quarter: string) {
  return useQuery(levyQueryOptions(quarter));
}
