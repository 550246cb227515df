import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/profile/tariff/trial/')({
  component: TrialScreen,
});

function TrialScreen() {
  return <PlaceholderScreen title="Пробный период" back={{ to: '/profile/tariff' }} />;
}
