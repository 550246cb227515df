import type { CurrentUser, EmployeeNameUpdate } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/query-client';

export type ProfileUpdate = { id: number; firstName: string; secondName: string; version: number };

/**
 * PATCH /api/employee/{id}: renames the signed-in user (decisions D2). The answer carries more than the current
 * user (telegramNickName, managerId); the current-user schema keeps what the app shows.
 */
export function updateProfile({ id, ...body }: ProfileUpdate) {
  const payload: EmployeeNameUpdate = body;
  return apiRequest<CurrentUser>('PATCH', `/employee/${id}`, { body: payload });
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
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
    onError: (error) => {
      if (isApiError(error) && error.code === 'VERSION_CONFLICT') {
        return queryClient.refetchQueries({ queryKey: currentUserQueryKey });
      }
    },
  });
}
