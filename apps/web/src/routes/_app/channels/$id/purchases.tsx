import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/channels/$id/purchases')({
  component: ChannelPurchasesScreen,
});

function ChannelPurchasesScreen() {
  const { id } = Route.useParams();
  return <PlaceholderScreen title="Закупки канала" back={{ to: '/channels/$id', params: { id } }} />;
}
