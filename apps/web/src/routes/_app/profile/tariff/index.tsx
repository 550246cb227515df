import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/profile/tariff/')({
  component: TariffsScreen,
});

function TariffsScreen() {
  return <PlaceholderScreen title="Тарифы" back={{ to: '/profile' }} />;
}
