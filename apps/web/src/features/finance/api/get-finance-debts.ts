import type { FinanceDebts } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { freshFor } from '@/lib/query-client';
import { financeQueryKeys } from '@/lib/query-keys';

/** GET /api/finance/debts: unpaid sales ('Нам должны') and purchases ('Мы должны'), overdue first. */
export function getFinanceDebts(channelId: number | undefined, signal?: AbortSignal) {
  return apiRequest<FinanceDebts>('GET', '/finance/debts', { query: { channelId }, signal });
}

export const financeDebtsQueryOptions = (channelId: number | undefined) =>
  queryOptions({
    queryKey: financeQueryKeys.debts(channelId),
    queryFn: ({ signal }) => getFinanceDebts(channelId, signal),
    staleTime: freshFor(0),
  });

export function useFinanceDebts(channelId: number | undefined) {
  return useQuery(financeDebtsQueryOptions(channelId));
}
