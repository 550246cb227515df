import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isUnauthenticated } from '@/lib/api-client';

/** POST /api/auth/logout: ends the server session (204). Already signed out counts as done. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/auth/logout');
  } catch (error) {
    if (!isUnauthenticated(error)) throw error;
  }
}

/**
 * Signs out, forgets every cached answer of this user and loads /auth afresh: a full page load, so nothing of
 * the previous session survives in memory.
 */
export function useLogout(onSignedOut: () => void = () => window.location.assign('/auth')) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    meta: { silentError: true },
    onSuccess: () => {
      queryClient.clear();
      onSignedOut();
    },
  });
}
