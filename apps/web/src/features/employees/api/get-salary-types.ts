import type { ReferenceItem } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { referenceQueryKeys } from '@/lib/query-keys';

/** GET /api/salary/type/forChannelRole: the ways to pay for a role, in the order to offer them (first preselected). */
export function getSalaryTypes(roleId: number, signal?: AbortSignal) {
  return apiRequest<ReferenceItem[]>('GET', '/salary/type/forChannelRole', {
    query: { employeeChannelRoleId: roleId },
    signal,
  });
}

export const salaryTypesQueryOptions = (roleId: number) =>
  queryOptions({
    queryKey: referenceQueryKeys.salaryTypes(roleId),
    queryFn: ({ signal }) => getSalaryTypes(roleId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Asked only once a role is chosen. */
export function useSalaryTypes(roleId: number | null | undefined) {
  return useQuery({ ...salaryTypesQueryOptions(roleId ?? 0), enabled: Boolean(roleId) });
}
