import type { LegalDetails, TeamLegal } from '@addesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The team's legal details for ad marking (issue 35, decisions D6): the owner's only. The key lives here, not in
// lib/query-keys.ts, which every screen loads first: only this screen reads it.
export const teamLegalQueryKey = ['profile', 'team-legal'] as const;

/** GET /api/team/legal: the team's details, or null until the owner fills them. */
export const teamLegalQueryOptions = () =>
  queryOptions({
    queryKey: teamLegalQueryKey,
    queryFn: ({ signal }) => apiRequest<TeamLegal>('GET', '/team/legal', { signal }),
  });

export function useTeamLegal() {
  return useQuery(teamLegalQueryOptions());
}

/** PUT /api/team/legal with the whole details: the answer is what was saved, which the screen shows at once. */
export function useSaveTeamLegal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalDetails) => apiRequest<TeamLegal>('PUT', '/team/legal', { body }),
    // The screen shows the failure under its fields or above 'Сохранить'.
    meta: { silentError: true },
    onSuccess: (saved) => queryClient.setQueryData(teamLegalQueryKey, saved),
  });
}
