import type { ProfileAccount } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileQueryKeys } from '@/lib/query-keys';

/** GET /api/profile/accounts: the doors into the caller's profile (Google, Яндекс, Telegram), oldest first. */
export function getAccounts(signal?: AbortSignal) {
  return apiRequest<ProfileAccount[]>('GET', '/profile/accounts', { signal });
}

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKeys.accounts, queryFn: ({ signal }) => getAccounts(signal) });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
