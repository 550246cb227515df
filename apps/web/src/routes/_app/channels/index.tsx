import { createFileRoute } from '@tanstack/react-router';
import { channelPagesQueryOptions } from '@/features/channels/api/get-channels';
import { ChannelsScreen } from './-components/channels-screen';

export const Route = createFileRoute('/_app/channels/')({
  // prefetch, not ensure: a failed list shows its own message and a retry button.
  loader: ({ context }) => context.queryClient.prefetchInfiniteQuery(channelPagesQueryOptions()),
  component: ChannelsScreen,
});
