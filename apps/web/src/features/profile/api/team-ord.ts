import type { TeamOrd, TeamOrdInput } from '@addesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The team's ОРД account for ad marking (issue 35, decisions D6): the owner's only. The key lives here, not in
// lib/query-keys.ts, which every screen loads first: only this screen reads it.
export const teamOrdQueryKey = ['profile', 'team-ord'] as const;

/** GET /api/team/ord: the provider, the sandbox and whether a key is saved (never the key itself). */
export const teamOrdQueryOptions = () =>
  queryOptions({
    queryKey: teamOrdQueryKey,
    queryFn: ({ signal }) => apiRequest<TeamOrd>('GET', '/team/ord', { signal }),
  });

export function useTeamOrd() {
  return useQuery(teamOrdQueryOptions());
}

/**
 * PUT /api/team/ord: the key is write-only, so an absent `apiKey` keeps the saved one and `''` removes it. The answer
 * is the account as saved, which the screen shows at once.
 */
export function useSaveTeamOrd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamOrdInput) => apiRequest<TeamOrd>('PUT', '/team/ord', { body }),
    // The screen shows the failure under the key's field, in the removing sheet or above 'Сохранить'.
    meta: { silentError: true },
    onSuccess: (saved) => queryClient.setQueryData(teamOrdQueryKey, saved),
  });
}
