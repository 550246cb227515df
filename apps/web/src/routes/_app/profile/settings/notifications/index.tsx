import { createFileRoute } from '@tanstack/react-router';
import { settingsQueryOptions } from '@/features/profile/api/get-settings';
import { NotificationsScreen } from '../-components/notifications-screen';

export const Route = createFileRoute('/_app/profile/settings/notifications/')({
  // prefetch, not ensure: a failed load shows its own message and a retry button.
  loader: ({ context }) => context.queryClient.prefetchQuery(settingsQueryOptions()),
  component: NotificationsScreen,
});
