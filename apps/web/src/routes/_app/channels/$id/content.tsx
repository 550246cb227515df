import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/channels/$id/content')({
  component: ChannelContentScreen,
});

function ChannelContentScreen() {
  const { id } = Route.useParams();
  return <PlaceholderScreen title="Контент канала" back={{ to: '/channels/$id', params: { id } }} />;
}
