import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/account (204): the account and every record of its team; the server ends the session too. */
export function deleteAccount(): Promise<void> {
  return apiRequest('DELETE', '/account');
}

/**
 * Deletes the profile, forgets every cached answer and loads /auth afresh (a full page load, like signing out),
 * so nothing of the deleted team survives in memory. The confirmation sheet shows a failure itself.
 */
export function useDeleteAccount(onDeleted: () => void = () => window.location.assign('/auth')) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    meta: { silentError: true },
    onSuccess: () => {
      queryClient.clear();
      onDeleted();
    },
  });
}
