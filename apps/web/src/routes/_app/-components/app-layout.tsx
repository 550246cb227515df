import { useQueryClient } from '@tanstack/react-query';
import { Outlet, type RegisteredRouter, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { OFFLINE_BANNER_HEIGHT, OfflineBanner } from '@/components/app/offline-banner';
import { PullToRefresh } from '@/components/app/pull-to-refresh';
import { useTheme } from '@/components/theme-provider';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { giveDeepLinkAnEntry } from '@/lib/deep-link-entry';
import { notifyFailure, useToasterWanted } from '@/lib/notify';
import { useOnline } from '@/lib/use-online';

const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

/**
 * The screens pulled down to refresh: the lists, the dashboard and the screens that only show records. Forms are
 * left out: a refresh there would pull the saved record over what the user is typing.
 */
const refreshableRoutes: ReadonlySet<string> = new Set([
  '/_app/dashboard',
  '/_app/sales',
  '/_app/purchases',
  '/_app/clients/',
  '/_app/clients/$id',
  '/_app/content',
  '/_app/finance',
  '/_app/channels/',
  '/_app/channels/$id/',
  '/_app/channels/$id/sales',
  '/_app/channels/$id/purchases',
  '/_app/channels/$id/content',
  '/_app/channels/$id/employees/',
  '/_app/employees/',
  '/_app/employees/$id',
] satisfies Array<keyof RegisteredRouter['routesById']>);

/**
 * Where toasts and the pull indicator open: just below the screen header (3.5rem tall under the safe area, and below
 * the offline banner when it shows), never over the header's back arrow.
 */
function belowHeader(online: boolean): string {
  return `calc(4rem + var(--spacing-safe-top)${online ? '' : ` + ${OFFLINE_BANNER_HEIGHT}`})`;
}

/**
 * The signed-in shell. The route's beforeLoad lets only a signed-in user in; this keeps watching: when the session
 * ends later (any call answers 401, see query-client.ts) the user becomes null and is sent to sign in again.
 */
export function AppLayout() {
  const { data: user } = useCurrentUser();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { resolvedTheme } = useTheme();
  const toasterWanted = useToasterWanted();
  const online = useOnline();
  const routeId = useRouterState({ select: (state) => state.matches.at(-1)?.routeId });

  // Only a signed-in screen: a link that ends at /auth gets no entry to come back to.
  useEffect(() => giveDeepLinkAnEntry(router), [router]);

  useEffect(() => {
    if (user !== null) return;
    void router.navigate({ to: '/auth', search: { redirect: router.latestLocation.href }, replace: true });
  }, [user, router]);

  useEffect(() => {
    // The toasts' code loads with the first toast, but offline it could not: it is fetched at the user's first tap or
    // key, while there is a connection (the service worker keeps it), so 'Нет связи с сервером' can be shown later.
    // Not with the first screen: no screen needs it to open (decision 009's budgets).
    const preload = () => void import('sonner').catch(() => {});
    const events = ['pointerdown', 'keydown'] as const;
    for (const type of events)
      window.addEventListener(type, preload, { once: true, capture: true, passive: true });
    return () => {
      for (const type of events) window.removeEventListener(type, preload, { capture: true });
    };
  }, []);

  const refresh = async () => {
    // Offline a refetch would only wait for the connection, which brings its own refetch.
    if (!online) return notifyFailure(NETWORK_ERROR_MESSAGE);
    await Promise.all([router.invalidate(), queryClient.refetchQueries({ type: 'active' })]);
  };

  if (!user) return <FullScreenSpinner />;
  const offset = { top: belowHeader(online) };
  return (
    <>
      {online ? null : <OfflineBanner />}
      <Outlet />
      <PullToRefresh
        enabled={routeId !== undefined && refreshableRoutes.has(routeId)}
        onRefresh={refresh}
        top={offset.top}
      />
      {toasterWanted ? (
        <Suspense fallback={null}>
          {/* No close button: sonner's is a 20 px target; a toast leaves by itself after 5 s or with a swipe. */}
          <Toaster
            theme={resolvedTheme}
            position="top-center"
            offset={offset}
            mobileOffset={offset}
            richColors
            duration={5000}
          />
        </Suspense>
      ) : null}
    </>
  );
}
