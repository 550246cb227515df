import type { UserSettings } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileQueryKeys } from '@/lib/query-keys';

/** DELETE /api/profile/telegram: the bot stops messaging the caller. */
export function unlinkTelegram() {
  return apiRequest<void>('DELETE', '/profile/telegram');
}

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkTelegram,
    onSuccess: () =>
      queryClient.setQueryData<UserSettings>(
        profileQueryKeys.settings,
        (old) => old && { ...old, telegram: { ...old.telegram, linked: false, username: null } },
      ),
  });
}
