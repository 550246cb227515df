import { createFileRoute } from '@tanstack/react-router';
import { todayDay } from '@/components/ui/period-picker-lib';
import { useChannel } from '@/features/channels/api/get-channel';
import { schedulePagesQueryOptions } from '@/features/schedule/api/get-schedule';
import { ScheduleScreen } from '@/features/schedule/components/schedule-screen';
import { scheduleFilters, validateScheduleSearch } from '@/features/schedule/lib/schedule-search';
import { parseId } from '@/lib/ids';

/** /channels/{id}/content (issue 14): one channel's placement schedule, the channel in the title. */
export const Route = createFileRoute('/_app/channels/$id/content')({
  validateSearch: validateScheduleSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, params, deps }) => {
    const id = parseId(params.id);
    if (id === undefined) return;
    void context.queryClient.prefetchInfiniteQuery(
      schedulePagesQueryOptions(scheduleFilters(deps.search, todayDay(), id)),
    );
  },
  component: ChannelContentScreen,
});

function ChannelContentScreen() {
  const params = Route.useParams();
  const navigate = Route.useNavigate();
  // The parent route turns an id that cannot exist into 'Not Found'.
  const id = parseId(params.id) ?? 0;
  const channel = useChannel(id);
  const { channelId: _, ...search } = Route.useSearch();
  return (
    <ScheduleScreen
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
      channel={{ id, name: channel.data?.name }}
      back={{ to: '/channels/$id', params: { id: params.id } }}
    />
  );
}
