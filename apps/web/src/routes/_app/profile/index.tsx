import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/profile/')({
  component: ProfileScreen,
});

function ProfileScreen() {
  return <PlaceholderScreen title="Профиль" />;
}
