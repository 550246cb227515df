import { createFileRoute } from '@tanstack/react-router';
import { teamPagesQueryOptions } from '@/features/employees/api/get-team';
import { TeamScreen } from './-components/team-screen';

export const Route = createFileRoute('/_app/employees/')({
  // prefetch, not ensure: a failed list shows its own message and a retry button.
  loader: ({ context }) => context.queryClient.prefetchInfiniteQuery(teamPagesQueryOptions()),
  component: TeamScreen,
});
