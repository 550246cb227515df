import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/profile/settings/notifications/')({
  component: NotificationSettingsScreen,
});

function NotificationSettingsScreen() {
  return <PlaceholderScreen title="Уведомления" back={{ to: '/profile' }} />;
}
