import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/channels/')({
  component: ChannelsScreen,
});

function ChannelsScreen() {
  return <PlaceholderScreen title="Каналы" />;
}
