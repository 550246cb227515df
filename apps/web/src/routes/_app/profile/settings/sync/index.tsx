import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/profile/settings/sync/')({
  component: SyncSettingsScreen,
});

function SyncSettingsScreen() {
  return <PlaceholderScreen title="Синхронизация" back={{ to: '/profile' }} />;
}
