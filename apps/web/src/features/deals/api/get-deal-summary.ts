import type { DealKind, DealSummary } from '@addesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';
import type { DealFilters } from '../lib/deal-search';
import { dealListFilterQuery } from './get-deals';

/**
 * GET /api/sale/summary or /api/purchase/summary: how many deals the list's filters select, their sum, what of it is
 * paid, unpaid and overdue (decisions D5). The query is the list's own, without its order (totals have none).
 */
export function getDealSummary(kind: DealKind, query: Record<string, string>, signal?: AbortSignal) {
  return apiRequest<DealSummary>('GET', `/${kind}/summary`, { query, signal });
}

export const dealSummaryQueryOptions = (kind: DealKind, filters: DealFilters, channelId?: number) => {
  const query = dealListFilterQuery(kind, { filters, sort: 'date' }, channelId);
  return queryOptions({
    queryKey: dealsQueryKeys.summary(kind, query),
    queryFn: ({ signal }) => getDealSummary(kind, query, signal),
  });
};

export function useDealSummary(kind: DealKind, filters: DealFilters, channelId?: number) {
  // The previous totals stay while a new filter's load, as the list's do.
  return useQuery({
    ...dealSummaryQueryOptions(kind, filters, channelId),
    placeholderData: keepPreviousData,
  });
}
