import type { UserSettings } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileQueryKeys } from '@/lib/query-keys';

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
        profileQueryKeys.settings,
        (old) => old && { ...old, calendarSync: false },
      ),
  });
}
