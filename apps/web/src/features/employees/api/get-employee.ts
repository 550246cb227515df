import type { EmployeeDetail } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { employeesQueryKeys } from '@/lib/query-keys';

/** GET /api/employee/{id}: a member of the team with their Telegram name and manager (404 for anyone else). */
export function getEmployee(id: number, signal?: AbortSignal) {
  return apiRequest<EmployeeDetail>('GET', `/employee/${id}`, { signal });
}

export const employeeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: employeesQueryKeys.detail(id),
    queryFn: ({ signal }) => getEmployee(id, signal),
  });

export function useEmployee(id: number) {
  return useQuery(employeeQueryOptions(id));
}
