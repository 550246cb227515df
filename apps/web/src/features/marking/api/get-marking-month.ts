import type { MarkingMonth } from '@addesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { markingKeys } from './marking-keys';

/** How many of the month's deals come at a time. */
export const MARKING_MONTH_PAGE_SIZE = 50;

/**
 * GET /api/marking/months/{yyyy-mm} (owner): the month's deals that need marking, by placement, with the deadline and
 * the whole month's totals; each next page comes with them again (the screen reads them from the first).
 */
export const markingMonthQueryOptions = (month: string) =>
  infiniteQueryOptions({
    queryKey: markingKeys.month(month),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MarkingMonth>('GET', `/marking/months/${month}`, {
        query: { limit: MARKING_MONTH_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useMarkingMonth(month: string) {
  return useInfiniteQuery(markingMonthQueryOptions(month));
}
