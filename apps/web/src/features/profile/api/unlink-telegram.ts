import type { UserSettings } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { settingsQueryKey } from './get-settings';

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
        settingsQueryKey,
        (old) => old && { ...old, telegram: { ...old.telegram, linked: false, username: null } },
      ),
  });
}
