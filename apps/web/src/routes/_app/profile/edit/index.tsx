import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/profile/edit/')({
  component: ProfileEditScreen,
});

function ProfileEditScreen() {
  return <PlaceholderScreen title="Редактирование профиля" back={{ to: '/profile' }} />;
}
