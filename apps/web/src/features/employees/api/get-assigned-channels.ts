import type { Assignment } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { employeesQueryKeys } from '@/lib/query-keys';

/** GET /api/employee/{id}/assignedChannels: each channel and role of the employee with its pay terms. */
export function getAssignedChannels(employeeId: number, signal?: AbortSignal) {
  return apiRequest<Assignment[]>('GET', `/employee/${employeeId}/assignedChannels`, { signal });
}

export const assignedChannelsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: employeesQueryKeys.assignments(employeeId),
    queryFn: ({ signal }) => getAssignedChannels(employeeId, signal),
  });

export function useAssignedChannels(employeeId: number) {
  return useQuery(assignedChannelsQueryOptions(employeeId));
}
