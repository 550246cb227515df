import { createFileRoute } from '@tanstack/react-router';
import { todayDay } from '@/components/ui/period-picker-lib';
import { schedulePagesQueryOptions } from '@/features/schedule/api/get-schedule';
import { ScheduleScreen } from '@/features/schedule/components/schedule-screen';
import { scheduleFilters, validateScheduleSearch } from '@/features/schedule/lib/schedule-search';

/** /content (issue 14): the placement schedule of every channel of the team. */
export const Route = createFileRoute('/_app/content')({
  validateSearch: validateScheduleSearch,
  loaderDeps: ({ search }) => scheduleFilters(search, todayDay()),
  // Started, not awaited: the screen shows its own spinner.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(schedulePagesQueryOptions(deps));
  },
  component: ContentScreen,
});

function ContentScreen() {
  const navigate = Route.useNavigate();
  return (
    <ScheduleScreen
      search={Route.useSearch()}
      onSearchChange={(search) => void navigate({ search, replace: true })}
    />
  );
}
