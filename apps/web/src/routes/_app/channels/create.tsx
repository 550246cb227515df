import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/channels/create')({
  component: CreateChannelScreen,
});

function CreateChannelScreen() {
  return <PlaceholderScreen title="Добавить канал" back={{ to: '/channels' }} />;
}
