import type { UserSettings } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsQueryKey } from '@/features/profile';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/calendar/feed (204): turns the calendar sync off; its address answers 404 from then on. */
export function disableCalendarFeed(): Promise<void> {
  return apiRequest('DELETE', '/calendar/feed');
}

export function useDisableCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableCalendarFeed,
    onSuccess: () =>
      queryClient.setQueryData<UserSettings>(
        settingsQueryKey,
        (old) => old && { ...old, calendarSync: false },
      ),
  });
}
