import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { employeesQueryKeys } from '@/lib/query-keys';

export type NewTeamMember = {
  firstName: string;
  secondName: string;
  employeeTelegramInfo?: { telegramNickName: string };
};

/**
 * POST /api/employee (201 {id}): a person in the team under the caller, on no channel yet ('Добавить сотрудника' on
 * /employees). Sent with an Idempotency-Key, so a retried press does not add them twice.
 */
export function createEmployee(body: NewTeamMember) {
  return apiRequest<{ id: number }>('POST', '/employee', { body, idempotent: true });
}

/** The screen shows a failure itself; success refreshes the team and every employee query. */
export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKeys.all }),
  });
}
