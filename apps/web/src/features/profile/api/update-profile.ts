import type { CurrentUser, EmployeeNameUpdate } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';
import { authQueryKeys } from '@/lib/query-keys';

export type ProfileUpdate = { id: number; firstName: string; secondName: string; version: number };

/**
 * PATCH /api/employee/{id}: renames the signed-in user (decisions D2). The answer is the employee: their name and
 * version, without the team's zone the current user also carries.
 */
export function updateProfile({ id, ...body }: ProfileUpdate) {
  const payload: EmployeeNameUpdate = body;
  return apiRequest<Omit<CurrentUser, 'timeZone'>>('PATCH', `/employee/${id}`, { body: payload });
}

/**
 * Saves the name and puts the answer in the current-user query, so the dashboard header shows it at once.
 * A stale version (409 VERSION_CONFLICT) reloads the current user; the edit screen shows every failure itself.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { silentError: true },
    onSuccess: (renamed) =>
      queryClient.setQueryData<CurrentUser | null>(
        authQueryKeys.currentUser,
        (user) => user && { ...user, ...renamed },
      ),
    onError: (error) => {
      if (isApiError(error) && error.code === 'VERSION_CONFLICT') {
        return queryClient.refetchQueries({ queryKey: authQueryKeys.currentUser });
      }
    },
  });
}
