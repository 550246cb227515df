import type { TeamMember } from '@addesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type CountedPage } from '@/lib/api-client';

export type TeamQuery = { limit?: number; cursor?: string };

/**
 * Every employee query lives under ['employees']: adding someone to a channel, taking them off one or changing their
 * requisites invalidates that prefix, so the team list, the employee page and the dashboard card all show the change.
 * Reference lists (roles, salary and payment method types) live under ['reference'] and never go stale.
 */
export const employeesQueryKeys = {
  all: ['employees'] as const,
  team: () => ['employees', 'team'] as const,
  teamPages: (limit: number) => ['employees', 'team', 'pages', { limit }] as const,
  detail: (id: number) => ['employees', 'detail', id] as const,
  assignments: (id: number) => ['employees', 'detail', id, 'assignments'] as const,
  paymentMethods: (id: number) => ['employees', 'detail', id, 'payment-methods'] as const,
  subordinates: (id: number, query: { limit?: number; cursor?: string }) =>
    ['employees', 'detail', id, 'subordinates', query] as const,
};

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
