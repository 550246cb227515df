import { createFileRoute } from '@tanstack/react-router';
import { channelEmployeesQueryOptions } from '@/features/channels/api/get-channel-employees';
import { parseId } from '@/lib/ids';
import { ChannelEmployeesScreen } from './-components/channel-employees-screen';

export const Route = createFileRoute('/_app/channels/$id/employees/')({
  // prefetch, not ensure: a failure shows its own message on the screen.
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === undefined) return;
    return context.queryClient.prefetchQuery(channelEmployeesQueryOptions(id));
  },
  component: ChannelEmployeesScreen,
});
