import type { Membership } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { membersQueryKeys } from '@/lib/query-keys';

/** GET /api/employee/{id}/membership: when the person signed in to AdDesk, and the end of their live invitation. */
export function getMembership(employeeId: number, signal?: AbortSignal) {
  return apiRequest<Membership>('GET', `/employee/${employeeId}/membership`, { signal });
}

export const membershipQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: membersQueryKeys.membership(employeeId),
    queryFn: ({ signal }) => getMembership(employeeId, signal),
  });

export function useMembership(employeeId: number) {
  return useQuery(membershipQueryOptions(employeeId));
}
