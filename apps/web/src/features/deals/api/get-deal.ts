import type { DealKind, Purchase, Sale } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';

/** GET /api/sale/{id} or /api/purchase/{id}: one deal of the team (404 'Продажа не найдена' / 'Закупка не найдена'). */
export function getDeal(kind: DealKind, id: number, signal?: AbortSignal) {
  return apiRequest<Sale | Purchase>('GET', `/${kind}/${id}`, { signal });
}

export const dealQueryOptions = (kind: DealKind, id: number) =>
  queryOptions({
    queryKey: dealsQueryKeys.detail(kind, id),
    queryFn: ({ signal }) => getDeal(kind, id, signal),
  });

export function useDeal(kind: DealKind, id: number) {
  return useQuery(dealQueryOptions(kind, id));
}
