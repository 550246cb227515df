import { createFileRoute } from '@tanstack/react-router';
import { CreateChannelScreen } from './-components/create-channel-screen';

export const Route = createFileRoute('/_app/channels/create')({
  component: CreateChannelScreen,
});
