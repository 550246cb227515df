import type { CalendarFeed, UserSettings } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileQueryKeys } from '@/lib/query-keys';

/**
 * POST /api/calendar/feed: turns the calendar sync on with a new private address; an older one stops working. The
 * address comes only in this answer (the server keeps a hash of it), so it lives in the screen's state, not a cache.
 */
export function enableCalendarFeed() {
  return apiRequest<CalendarFeed>('POST', '/calendar/feed');
}

export function useEnableCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableCalendarFeed,
    onSuccess: () =>
      queryClient.setQueryData<UserSettings>(
        profileQueryKeys.settings,
        (old) => old && { ...old, calendarSync: true },
      ),
  });
}
