import { getRouteApi } from '@tanstack/react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LogoMark } from '@/components/brand/logo';
import { SignInButtons } from '@/features/auth/components/sign-in-buttons';

const route = getRouteApi('/auth');

// Only a visitor who came by an invitation's link needs it.
const InvitationNotice = lazy(() =>
  import('@/features/members/components/invitation-notice').then(({ InvitationNotice }) => ({
    default: InvitationNotice,
  })),
);

/** What /auth says once after 'Да, удалить профиль'. */
export const PROFILE_DELETED = 'Профиль удалён';

/** /auth (spec §2.3): the logo, sign-in through Google or Yandex, demo sign-in where the server allows it. */
export function AuthScreen() {
  const { redirect, ref, deleted, invite } = route.useSearch();
  const deletedNotice = useOnceNotice(deleted);
  const { errorText } = route.useLoaderData();

  return (
    <main className="flex flex-1 flex-col px-6 pt-[max(3rem,var(--spacing-safe-top))] pb-[max(2rem,var(--spacing-safe-bottom))]">
      <div className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
        <LogoMark className="size-20" />
        <h1 className="font-bold text-4xl tracking-tight">AdDesk</h1>
        <p className="max-w-xs text-muted-foreground">
          CRM для продажи и закупки рекламы в Telegram-каналах: сделки, каналы, сотрудники и деньги в одном
          месте
        </p>
      </div>

      <div className="flex flex-col gap-3 pt-8">
        {deletedNotice ? (
          <div
            role="status"
            className="flex items-start gap-3 rounded-lg border border-emerald-600/40 bg-emerald-500/10 p-3 text-left text-sm"
          >
            <CircleCheck
              aria-hidden="true"
              className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-300"
            />
            <p>{PROFILE_DELETED}</p>
          </div>
        ) : null}

        {errorText ? (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-left text-sm"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
            <p>{errorText}</p>
          </div>
        ) : null}

        {invite ? (
          <Suspense fallback={null}>
            <InvitationNotice token={invite}>
              <SignInButtons invite={invite} />
            </InvitationNotice>
          </Suspense>
        ) : (
          <SignInButtons redirect={redirect} referral={ref} />
        )}

        {invite ? null : (
          <p className="pt-2 text-center text-muted-foreground text-xs">
            Вход и регистрация — одна кнопка: аккаунт создаётся при первом входе
          </p>
        )}
      </div>
    </main>
  );
}

/**
 * Whether to show the notice that `/auth?deleted=1` asks for: on this visit only. The flag leaves the address at once
 * (in place), so a reload or a later visit does not repeat it, while the screen keeps showing it.
 */
function useOnceNotice(flag: true | undefined): boolean {
  const [shown] = useState(flag === true);
  const navigate = route.useNavigate();
  useEffect(() => {
    if (flag) void navigate({ search: (prev) => ({ ...prev, deleted: undefined }), replace: true });
  }, [flag, navigate]);
  return shown;
}
