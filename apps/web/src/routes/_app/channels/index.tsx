import { createFileRoute } from '@tanstack/react-router';
import {
  archiveEntryQuery,
  channelPagesQueryOptions,
  channelsQueryOptions,
} from '@/features/channels/api/get-channels';
import { ChannelsScreen } from './-components/channels-screen';

export const Route = createFileRoute('/_app/channels/')({
  // prefetch, not ensure: a failed list shows its own message and a retry button.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(channelsQueryOptions(archiveEntryQuery));
    return context.queryClient.prefetchInfiniteQuery(channelPagesQueryOptions());
  },
  component: ChannelsScreen,
});
