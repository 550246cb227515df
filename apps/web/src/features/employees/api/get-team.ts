import type { TeamMember } from '@addesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type CountedPage } from '@/lib/api-client';
import { employeesQueryKeys } from '@/lib/query-keys';

export type TeamQuery = { limit?: number; cursor?: string };

/** GET /api/employee/all: one page of the team (the signed-in user included), each with the channels they work on. */
export function getTeam(query: TeamQuery, signal?: AbortSignal) {
  return apiRequest<CountedPage<TeamMember>>('GET', '/employee/all', { query, signal });
}

/** How many team members the screens ask for at a time. */
export const TEAM_PAGE_SIZE = 50;

/** The whole team, page after page by the server's cursor ('Показать ещё'). */
export const teamPagesQueryOptions = (limit: number = TEAM_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: employeesQueryKeys.teamPages(limit),
    queryFn: ({ pageParam, signal }) => getTeam({ limit, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useTeamPages(limit?: number) {
  return useInfiniteQuery(teamPagesQueryOptions(limit));
}
