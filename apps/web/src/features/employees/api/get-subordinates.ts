import type { EmployeeSummary } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type CountedPage } from '@/lib/api-client';
import { employeesQueryKeys } from '@/lib/query-keys';

export type SubordinatesQuery = { limit?: number; cursor?: string };

/** GET /api/employee/{id}/subordinates: one page of the employees under a master, with their total count. */
export function getSubordinates(employeeId: number, query: SubordinatesQuery, signal?: AbortSignal) {
  return apiRequest<CountedPage<EmployeeSummary>>('GET', `/employee/${employeeId}/subordinates`, {
    query,
    signal,
  });
}

export const subordinatesQueryOptions = (employeeId: number, query: SubordinatesQuery = {}) =>
  queryOptions({
    queryKey: employeesQueryKeys.subordinates(employeeId, query),
    queryFn: ({ signal }) => getSubordinates(employeeId, query, signal),
  });

export function useSubordinates(employeeId: number, query: SubordinatesQuery = {}) {
  return useQuery(subordinatesQueryOptions(employeeId, query));
}
