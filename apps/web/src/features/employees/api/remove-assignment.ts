import type { Assignment } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { employeesQueryKeys } from '@/lib/query-keys';
import { afterAssignmentWrite, invalidate } from '@/lib/stale';

export type RemoveAssignment = { employeeId: number; channelId: number; employeeChannelRoleId: number };

/** POST /api/employee/{id}/removeAssignmentOnChannel: takes one role on one channel away; answers what is left. */
export function removeAssignment({ employeeId, ...body }: RemoveAssignment) {
  return apiRequest<Assignment[]>('POST', `/employee/${employeeId}/removeAssignmentOnChannel`, { body });
}

/**
 * The confirmation sheet shows a failure itself. Success stores the answer as the employee's assignments and
 * refreshes the team (channel icons) and the channel's employee list.
 */
export function useRemoveAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAssignment,
    meta: { silentError: true },
    onSuccess: (assignments, { employeeId, channelId }) => {
      queryClient.setQueryData(employeesQueryKeys.assignments(employeeId), assignments);
      return invalidate(queryClient, afterAssignmentWrite(channelId));
    },
  });
}
