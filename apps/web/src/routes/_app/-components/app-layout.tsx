import { Outlet, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useTheme } from '@/components/theme-provider';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useToasterWanted } from '@/lib/notify';

const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

/** Toasts open just below the screen header (3.5rem tall under the safe area), never over its back arrow. */
const belowHeader = { top: 'calc(4rem + var(--spacing-safe-top))' };

/**
 * The signed-in shell. The route's beforeLoad lets only a signed-in user in; this keeps watching: when the session
 * ends later (any call answers 401, see query-client.ts) the user becomes null and is sent to sign in again.
 */
export function AppLayout() {
  const { data: user } = useCurrentUser();
  const router = useRouter();
  const { resolvedTheme } = useTheme();
  const toasterWanted = useToasterWanted();

  useEffect(() => {
    if (user !== null) return;
    void router.navigate({ to: '/auth', search: { redirect: router.latestLocation.href }, replace: true });
  }, [user, router]);

  if (!user) return <FullScreenSpinner />;
  return (
    <>
      <Outlet />
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster
            theme={resolvedTheme}
            position="top-center"
            offset={belowHeader}
            mobileOffset={belowHeader}
            richColors
            closeButton
            duration={5000}
          />
        </Suspense>
      ) : null}
    </>
  );
}
