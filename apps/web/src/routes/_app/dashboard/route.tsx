import { onlineManager } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { markingDueQueryOptions } from '@/features/marking/api/get-marking-due';
import {
  dashboardChannelsQuery,
  dashboardEmployeesQuery,
  dashboardFinanceQuery,
} from './-components/dashboard-queries';
import { DashboardScreen } from './-components/dashboard-screen';

export const Route = createFileRoute('/_app/dashboard')({
  // prefetch, not ensure: a card that fails shows its own message while the rest of the screen works.
  loader: ({ context }) => {
    // Only what the person's role shows (docs/decisions/024): a refused figure is not asked for.
    const { permissions } = context.user;
    const loaded = Promise.all([
      permissions.schedule && context.queryClient.prefetchQuery(dashboardChannelsQuery()),
      permissions.people && context.queryClient.prefetchQuery(dashboardEmployeesQuery(context.user.id)),
      permissions.finance && context.queryClient.prefetchQuery(dashboardFinanceQuery()),
      // The owner's marking reminder sits at the top: drawn with the first paint, it moves nothing down when it
      // comes (it had: a layout shift of 0.115 in Lighthouse).
      context.user.isOwner && context.queryClient.prefetchQuery(markingDueQueryOptions()),
    ]);
    // Offline a card never fetched waits for the connection: the screen opens with what it has meanwhile.
    return onlineManager.isOnline() ? loaded : undefined;
  },
  component: DashboardScreen,
});
