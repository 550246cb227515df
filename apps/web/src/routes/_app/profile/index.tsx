import { createFileRoute } from '@tanstack/react-router';
import { currentTariffQueryOptions } from '@/features/tariffs/api/get-current-tariff';
import { ProfileScreen } from './-components/profile-screen';

export const Route = createFileRoute('/_app/profile/')({
  // prefetch, not ensure: a tariff that fails to load shows its own message while the rest of the screen works.
  loader: ({ context }) => context.queryClient.prefetchQuery(currentTariffQueryOptions()),
  component: ProfileScreen,
});
