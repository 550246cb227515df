import type { ReferenceItem } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { referenceQueryKeys } from '@/lib/query-keys';

/** GET /api/employeeChannelRole/all: the roles an employee can have on a channel. */
export function getChannelRoles(signal?: AbortSignal) {
  return apiRequest<ReferenceItem[]>('GET', '/employeeChannelRole/all', { signal });
}

/** Reference data: the same for every team, it does not change while the app is open. */
export const channelRolesQueryOptions = () =>
  queryOptions({
    queryKey: referenceQueryKeys.roles,
    queryFn: ({ signal }) => getChannelRoles(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useChannelRoles() {
  return useQuery(channelRolesQueryOptions());
}
