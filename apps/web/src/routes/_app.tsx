import { createFileRoute, redirect } from '@tanstack/react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { AppLayout } from './_app/-components/app-layout';

/** Every signed-in screen (spec §2.2): a spinner while the user loads, /auth?redirect=... when signed out. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions());
    if (!user) throw redirect({ to: '/auth', search: { redirect: location.href }, replace: true });
    return { user };
  },
  pendingComponent: FullScreenSpinner,
  // A fast answer paints no spinner at all; a slow one shows it for at least pendingMinMs, without flicker.
  pendingMs: 150,
  pendingMinMs: 300,
  component: AppLayout,
});
