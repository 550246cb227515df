import type { ScheduleItem } from '@addesk/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type Page } from '@/lib/api-client';
import { scheduleQueryKeys } from '@/lib/query-keys';
import type { ScheduleFilters } from '../lib/schedule-search';

/** How many placements the agenda asks for at a time; 'Показать ещё' brings the next ones. */
export const SCHEDULE_PAGE_SIZE = 50;

/** The API's query of a filter set: the days, and the channel and kind when chosen. */
function scheduleQuery(filters: ScheduleFilters): Record<string, string | number> {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.channelId === undefined ? {} : { channelId: filters.channelId }),
    ...(filters.kind === undefined ? {} : { kind: filters.kind }),
    limit: SCHEDULE_PAGE_SIZE,
  };
}

/** GET /api/schedule: one page of the team's placements between two days of its zone, earliest first. */
export function getSchedule(query: Record<string, string | number>, signal?: AbortSignal) {
  return apiRequest<Page<ScheduleItem>>('GET', '/schedule', { query, signal });
}

export const schedulePagesQueryOptions = (filters: ScheduleFilters) => {
  const query = scheduleQuery(filters);
  return infiniteQueryOptions({
    queryKey: scheduleQueryKeys.list(query),
    queryFn: ({ pageParam, signal }) =>
      getSchedule(pageParam ? { ...query, cursor: pageParam } : query, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
};

export function useSchedulePages(filters: ScheduleFilters) {
  // The previous agenda stays on screen (dimmed) while a new filter loads.
  return useInfiniteQuery({ ...schedulePagesQueryOptions(filters), placeholderData: keepPreviousData });
}
