import type { DealKind, Purchase, Sale } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** One deal, under ['deals', kind] with its lists: a change of that kind makes it stale too. */
export const dealQueryKey = (kind: DealKind, id: number) => ['deals', kind, 'detail', id] as const;

/** GET /api/sale/{id} or /api/purchase/{id}: one deal of the team (404 'Продажа не найдена' / 'Закупка не найдена'). */
export function getDeal(kind: DealKind, id: number, signal?: AbortSignal) {
  return apiRequest<Sale | Purchase>('GET', `/${kind}/${id}`, { signal });
}

export const dealQueryOptions = (kind: DealKind, id: number) =>
  queryOptions({
    queryKey: dealQueryKey(kind, id),
    queryFn: ({ signal }) => getDeal(kind, id, signal),
  });

export function useDeal(kind: DealKind, id: number) {
  return useQuery(dealQueryOptions(kind, id));
}
