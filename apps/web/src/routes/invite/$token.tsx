import { createFileRoute } from '@tanstack/react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { authProvidersQueryOptions } from '@/features/auth/api/get-auth-providers';
import { InvitationScreen } from './-components/invitation-screen';

/** /invite/{token}: an invitation to a team, opened before sign-in (docs/decisions/024). */
export const Route = createFileRoute('/invite/$token')({
  loader: ({ context }) => context.queryClient.prefetchQuery(authProvidersQueryOptions()),
  pendingComponent: FullScreenSpinner,
  pendingMs: 150,
  pendingMinMs: 300,
  component: InvitationScreen,
});
