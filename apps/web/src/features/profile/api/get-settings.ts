import type { UserSettings } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileQueryKeys } from '@/lib/query-keys';

/** GET /api/settings: the user's notification toggles and sync switches (decisions D2: persisted). */
export function getSettings(signal?: AbortSignal) {
  return apiRequest<UserSettings>('GET', '/settings', { signal });
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKeys.settings,
    queryFn: ({ signal }) => getSettings(signal),
  });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
