import type { FinanceBasis, FinanceSummary } from '@addesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { freshFor } from '@/lib/query-client';
import { financeQueryKeys } from '@/lib/query-keys';

/** The summary's query: a period of days, one channel or all, by deal date or by payment date. */
export type FinanceSummaryQuery = {
  from: string;
  to: string;
  channelId?: number | undefined;
  basis: FinanceBasis;
};

/** GET /api/finance/summary: income, spend and profit of a period, the previous one, by channel and by step. */
export function getFinanceSummary(query: FinanceSummaryQuery, signal?: AbortSignal) {
  return apiRequest<FinanceSummary>('GET', '/finance/summary', { query, signal });
}

export const financeSummaryQueryOptions = (query: FinanceSummaryQuery) =>
  queryOptions({
    queryKey: financeQueryKeys.summary(query),
    queryFn: ({ signal }) => getFinanceSummary(query, signal),
    // Money changes with every deal and payment, made on other screens: opening finance asks again.
    staleTime: freshFor(0),
  });

/** The screen's summary: a new period or basis keeps the old numbers on screen (dimmed) until the new ones arrive. */
export function useFinanceSummary(query: FinanceSummaryQuery) {
  return useQuery({ ...financeSummaryQueryOptions(query), placeholderData: keepPreviousData });
}
