import type { SignInDoor } from '@addesk/contract/plain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileQueryKeys } from '@/lib/query-keys';

/** DELETE /api/profile/accounts/{provider}: one door fewer; the server refuses the last one (409). */
export function unlinkAccount(provider: SignInDoor) {
  return apiRequest<void>('DELETE', `/profile/accounts/${provider}`);
}

export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKeys.accounts }),
  });
}
