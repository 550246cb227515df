import type { Team } from '@addesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { membersQueryKeys } from '@/lib/query-keys';

/** GET /api/teams: the signed-in person's teams, theirs and those they were invited to. */
export function getTeams(signal?: AbortSignal) {
  return apiRequest<Team[]>('GET', '/teams', { signal });
}

export const teamsQueryOptions = () =>
  queryOptions({ queryKey: membersQueryKeys.teams(), queryFn: ({ signal }) => getTeams(signal) });

export function useTeams(enabled = true) {
  return useQuery({ ...teamsQueryOptions(), enabled });
}

/** POST /api/session/team (204): the session works in another of the person's teams from now on. */
export function switchTeam(teamId: number) {
  return apiRequest('POST', '/session/team', { body: { teamId } });
}

/**
 * Everything cached belongs to the team left behind: it is dropped whole, and the current user (the new team's
 * person, with their permissions) is fetched before the screens draw again.
 */
export function useSwitchTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchTeam,
    onSuccess: async () => {
      queryClient.removeQueries();
    },
  });
}
