import type { ChannelEmployee } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { channelsQueryKeys } from '@/lib/query-keys';

/** GET /api/channel/{id}/employees: everyone working on the channel (a short plain list). */
export function getChannelEmployees(id: number, signal?: AbortSignal) {
  return apiRequest<ChannelEmployee[]>('GET', `/channel/${id}/employees`, { signal });
}

export const channelEmployeesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: channelsQueryKeys.employees(id),
    queryFn: ({ signal }) => getChannelEmployees(id, signal),
  });

export function useChannelEmployees(id: number) {
  return useQuery(channelEmployeesQueryOptions(id));
}
