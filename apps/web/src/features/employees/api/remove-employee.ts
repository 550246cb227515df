import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { channelsQueryKeys, employeesQueryKeys } from '@/lib/query-keys';

/**
 * DELETE /api/employee/{id} (204): the person leaves the team; their roles on channels end, the people under them
 * move to their manager, their past deals keep their name (decisions 017).
 */
export function removeEmployee(id: number) {
  return apiRequest('DELETE', `/employee/${id}`);
}

/**
 * The confirm sheet shows a failure itself. Success refreshes the team, the managers' lists and the channels'
 * employees; the person's own page is only marked stale (refetched now it would flash 'Сотрудник не найден' before
 * the screen leaves it) and answers 404 when opened again.
 */
export function useRemoveEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeEmployee,
    meta: { silentError: true },
    onSuccess: (_nothing, id) => {
      const theirs = employeesQueryKeys.detail(id);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: theirs, refetchType: 'none' }),
        queryClient.invalidateQueries({
          queryKey: employeesQueryKeys.all,
          predicate: (query) => !theirs.every((part, i) => query.queryKey[i] === part),
        }),
        queryClient.invalidateQueries({ queryKey: channelsQueryKeys.all }),
      ]);
    },
  });
}
