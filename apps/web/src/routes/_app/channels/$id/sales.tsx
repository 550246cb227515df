import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/channels/$id/sales')({
  component: ChannelSalesScreen,
});

function ChannelSalesScreen() {
  const { id } = Route.useParams();
  return <PlaceholderScreen title="Продажи канала" back={{ to: '/channels/$id', params: { id } }} />;
}
