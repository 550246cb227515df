import type { DealKind } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractModule } from '@/lib/api-client';
import { apiGet } from '@/lib/api-client';

/** The schema a deal of this kind is parsed with (the path segment of the API is the kind: /api/sale, /api/purchase). */
export const dealSchemaOf = (kind: DealKind) => (c: ContractModule) =>
  kind === 'sale' ? c.saleSchema : c.purchaseSchema;

/** One deal, under ['deals', kind] with its lists: a change of that kind makes it stale too. */
export const dealQueryKey = (kind: DealKind, id: number) => ['deals', kind, 'detail', id] as const;

/** GET /api/sale/{id} or /api/purchase/{id}: one deal of the team (404 'Продажа не найдена' / 'Закупка не найдена'). */
export function getDeal(kind: DealKind, id: number, signal?: AbortSignal) {
  return apiGet(`/${kind}/${id}`, dealSchemaOf(kind), { signal });
}

export const dealQueryOptions = (kind: DealKind, id: number) =>
  queryOptions({
    queryKey: dealQueryKey(kind, id),
    queryFn: ({ signal }) => getDeal(kind, id, signal),
  });

export function useDeal(kind: DealKind, id: number) {
  return useQuery(dealQueryOptions(kind, id));
}
