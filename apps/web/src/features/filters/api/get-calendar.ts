import type { CalendarEntry } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarQueryKeys } from '@/lib/query-keys';

/**
 * GET /api/calendar?from&to (days yyyy-MM-dd, both inclusive, at most 366 days): one entry per day and type, sales
 * and purchases at their placement time and the end of the tariff (decisions D3).
 */
export function getCalendar(from: string, to: string, signal?: AbortSignal) {
  return apiRequest<CalendarEntry[]>('GET', '/calendar', { query: { from, to }, signal });
}

export const calendarQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: calendarQueryKeys.range(from, to),
    queryFn: ({ signal }) => getCalendar(from, to, signal),
  });

/** Spec §5: the calendar is asked for only when both ends are known. */
export function useCalendar(range: { from?: string; to?: string }) {
  const { from = '', to = '' } = range;
  return useQuery({ ...calendarQueryOptions(from, to), enabled: from !== '' && to !== '' });
}
