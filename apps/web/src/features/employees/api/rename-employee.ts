import type { CurrentUser } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';
import { channelsQueryKeys, employeesQueryKeys } from '@/lib/query-keys';
import type { getEmployee } from './get-employee';

export type EmployeeRename = { id: number; firstName: string; secondName: string; version: number };

/**
 * PATCH /api/employee/{id}: renames a member of the team, sending the version it read (409 VERSION_CONFLICT when
 * someone saved in between). The answer's names and version are what the page needs.
 */
export function renameEmployee({ id, ...body }: EmployeeRename) {
  return apiRequest<CurrentUser>('PATCH', `/employee/${id}`, { body });
}

type EmployeeDetail = Awaited<ReturnType<typeof getEmployee>>;

/**
 * Puts the new name on the employee page at once and refreshes every list that shows it (the team, the dashboard
 * card, the channels' employees). A stale version reloads the employee; the sheet shows every failure itself.
 */
export function useRenameEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameEmployee,
    meta: { silentError: true },
    onSuccess: (renamed) => {
      queryClient.setQueryData<EmployeeDetail>(employeesQueryKeys.detail(renamed.id), (old) =>
        old ? { ...old, ...renamed } : old,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: employeesQueryKeys.team() }),
        queryClient.invalidateQueries({
          queryKey: employeesQueryKeys.all,
          predicate: (query) => query.queryKey.includes('subordinates'),
        }),
        queryClient.invalidateQueries({ queryKey: channelsQueryKeys.all }),
      ]);
    },
    onError: (error, { id }) => {
      if (isApiError(error) && error.code === 'VERSION_CONFLICT') {
        return queryClient.refetchQueries({ queryKey: employeesQueryKeys.detail(id), exact: true });
      }
    },
  });
}
