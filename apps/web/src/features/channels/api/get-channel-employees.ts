import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { channelsQueryKeys } from './get-channels';

/** GET /api/channel/{id}/employees: everyone working on the channel (a short plain list). */
export function getChannelEmployees(id: number, signal?: AbortSignal) {
  return apiGet(`/channel/${id}/employees`, (c) => c.listOf(c.channelEmployeeSchema), { signal });
}

export const channelEmployeesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: channelsQueryKeys.employees(id),
    queryFn: ({ signal }) => getChannelEmployees(id, signal),
  });

export function useChannelEmployees(id: number) {
  return useQuery(channelEmployeesQueryOptions(id));
}
