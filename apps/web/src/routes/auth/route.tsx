import { createFileRoute, redirect } from '@tanstack/react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { authProvidersQueryOptions } from '@/features/auth/api/get-auth-providers';
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { authErrorText } from '@/features/auth/lib/auth-error-text';
import { referralCodeParam } from '@/features/referral/lib/referral-code';
import { afterSignInPath, safeReturnPath } from '@/lib/safe-redirect';
import { AuthScreen } from './-components/auth-screen';

export type AuthSearch = {
  /** Where to go after sign-in: an in-app path only. */
  redirect?: string;
  /** Why the last sign-in came back (`authErrorMessages` of the contract). */
  error?: string;
  /** A friend's referral code (`/auth?ref=CODE`), passed on to the sign-in links; the server records it. */
  ref?: string;
  /** Just after 'Да, удалить профиль' (`/auth?deleted=1`): the screen says 'Профиль удалён' once. */
  deleted?: true;
  /** An invitation's token (`/invite/{token}` leads here): the screen shows it, and signing in accepts it. */
  invite?: string;
};

// A plain function rather than a zod schema: this route is on the first-load path (see safe-redirect.ts).
// Every key is always returned: the router keeps raw search keys a validator leaves out.
function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const error =
    typeof search.error === 'string' && /^[a-z_]{1,64}$/.test(search.error) ? search.error : undefined;
  // The router reads `deleted=1` as the number 1.
  const deleted =
    search.deleted === 1 || search.deleted === '1' || search.deleted === true ? true : undefined;
  const invite =
    typeof search.invite === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(search.invite)
      ? search.invite
      : undefined;
  return {
    redirect: safeReturnPath(search.redirect),
    error,
    ref: referralCodeParam(search.ref),
    deleted,
    invite,
  };
}

export const Route = createFileRoute('/auth')({
  validateSearch: validateAuthSearch,
  beforeLoad: async ({ context, search }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions());
    // Someone signed in who opens an invitation still sees it: signing in through it adds that team to theirs.
    if (user && !search.invite) throw redirect({ href: afterSignInPath(search.redirect), replace: true });
  },
  loaderDeps: ({ search }) => ({ error: search.error }),
  // Never throws: without the providers' answer the screen still offers Google and Yandex, only demo stays hidden.
  loader: async ({ context, deps }) => {
    await context.queryClient.prefetchQuery(authProvidersQueryOptions());
    return { errorText: deps.error ? authErrorText(deps.error) : undefined };
  },
  pendingComponent: FullScreenSpinner,
  // A fast answer paints no spinner at all; a slow one shows it for at least pendingMinMs, without flicker.
  pendingMs: 150,
  pendingMinMs: 300,
  component: AuthScreen,
});
