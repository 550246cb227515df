import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/profile/tariff/$tariff/free-prolongation')({
  component: FreeProlongationScreen,
});

function FreeProlongationScreen() {
  const { tariff } = Route.useParams();
  return (
    <PlaceholderScreen
      title="Бесплатное продление"
      back={{ to: '/profile/tariff/$tariff', params: { tariff } }}
    />
  );
}
