import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';
import { isTariffSlug, tariffs } from '@/features/tariffs/lib/tariffs';

export const Route = createFileRoute('/_app/profile/tariff/$tariff/')({
  component: TariffScreen,
});

function TariffScreen() {
  const { tariff } = Route.useParams();
  const title = isTariffSlug(tariff) ? `Тариф ${tariffs[tariff].title}` : 'Тариф';
  return <PlaceholderScreen title={title} back={{ to: '/profile/tariff' }} />;
}
