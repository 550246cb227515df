import type { DealKind, ScheduleDay } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { scheduleQueryKeys } from '@/lib/query-keys';

export type ScheduleDaysQuery = { from: string; to: string; channelId: number; kind?: DealKind | undefined };

const daysQuery = (query: ScheduleDaysQuery): Record<string, string | number> => ({
  from: query.from,
  to: query.to,
  channelId: query.channelId,
  ...(query.kind === undefined ? {} : { kind: query.kind }),
});

/** GET /api/schedule/days: how many placements one channel has on each day of the team's zone, by kind. */
export function getScheduleDays(query: ScheduleDaysQuery, signal?: AbortSignal) {
  return apiRequest<ScheduleDay[]>('GET', '/schedule/days', { query: daysQuery(query), signal });
}

export const scheduleDaysQueryOptions = (query: ScheduleDaysQuery) =>
  queryOptions({
    queryKey: scheduleQueryKeys.days(daysQuery(query)),
    queryFn: ({ signal }) => getScheduleDays(query, signal),
  });

/** Asked only when a channel is chosen: the team's whole calendar comes from GET /api/calendar. */
export function useScheduleDays(query: ScheduleDaysQuery | undefined) {
  return useQuery({
    ...scheduleDaysQueryOptions(query ?? { from: '', to: '', channelId: 0 }),
    enabled: query !== undefined,
  });
}
