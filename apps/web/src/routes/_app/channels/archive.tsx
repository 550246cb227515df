import { createFileRoute } from '@tanstack/react-router';
import { channelPagesQueryOptions } from '@/features/channels/api/get-channels';
import { ArchivedChannelsScreen } from './-components/archived-channels-screen';

export const Route = createFileRoute('/_app/channels/archive')({
  // prefetch, not ensure: a failed list shows its own message and a retry button.
  loader: ({ context }) =>
    context.queryClient.prefetchInfiniteQuery(channelPagesQueryOptions(undefined, true)),
  component: ArchivedChannelsScreen,
});
