import type { Assignment } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { employeesQueryKeys } from '@/lib/query-keys';
import { afterAssignmentWrite, invalidate } from '@/lib/stale';

export type AssignOnChannel = {
  employeeId: number;
  channelId: number;
  employeeChannelRoleId: number;
  salaryTypeId?: number;
  rate?: number | undefined;
  conditions: string;
};

/**
 * POST /api/employee/{id}/assignOnChannel: gives the employee a role on a channel with its pay terms (the same role
 * again updates the terms); answers all of the employee's assignments.
 */
export function assignOnChannel({ employeeId, ...body }: AssignOnChannel) {
  return apiRequest<Assignment[]>('POST', `/employee/${employeeId}/assignOnChannel`, {
    body,
  });
}

/**
 * The sheet shows a failure under its fields. Success stores the answer as the employee's assignments and refreshes
 * the team (channel icons) and the channel's employee list.
 */
export function useAssignOnChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignOnChannel,
    meta: { silentError: true },
    onSuccess: (assignments, { employeeId, channelId }) => {
      queryClient.setQueryData(employeesQueryKeys.assignments(employeeId), assignments);
      return invalidate(queryClient, afterAssignmentWrite(channelId));
    },
  });
}
