import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/channels/$id/')({
  component: ChannelScreen,
});

function ChannelScreen() {
  return <PlaceholderScreen title="Канал" back={{ to: '/channels' }} />;
}
