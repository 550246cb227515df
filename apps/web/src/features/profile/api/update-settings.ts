import type { UserSettings } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileQueryKeys } from '@/lib/query-keys';

/** What a PATCH may send: any setting but `isMaster` and `telegram`, which only the server knows. */
export type SettingsPatch = Partial<Omit<UserSettings, 'isMaster' | 'telegram'>>;

const updateSettingsKey = [...profileQueryKeys.settings, 'update'] as const;

/** PATCH /api/settings with any subset of the settings; the answer is the whole saved object. */
export function updateSettings(patch: SettingsPatch) {
  return apiRequest<UserSettings>('PATCH', '/settings', { body: patch });
}

/**
 * A switch flips at once (optimistic); a failed save flips back only what that call changed, so a quicker
 * second switch is not undone by the first one's failure, and the shared toast says why. The server's answer
 * replaces the cache only when no other save is still on its way.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateSettingsKey,
    mutationFn: updateSettings,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: profileQueryKeys.settings, exact: true });
      const previous = queryClient.getQueryData<UserSettings>(profileQueryKeys.settings);
      if (!previous) return undefined;
      const rollback: SettingsPatch = {};
      for (const key of Object.keys(patch) as Array<keyof SettingsPatch>)
        Object.assign(rollback, { [key]: previous[key] });
      queryClient.setQueryData<UserSettings>(profileQueryKeys.settings, { ...previous, ...patch });
      return { rollback };
    },
    onError: (_error, _patch, result) => {
      if (!result) return;
      queryClient.setQueryData<UserSettings>(
        profileQueryKeys.settings,
        (old) => old && { ...old, ...result.rollback },
      );
    },
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: updateSettingsKey }) <= 1) {
        queryClient.setQueryData(profileQueryKeys.settings, saved);
      }
    },
  });
}
