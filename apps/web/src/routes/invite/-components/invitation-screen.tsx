import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';
import { LogoMark } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { SignInButtons } from '@/features/auth/components/sign-in-buttons';
import { invitationQueryOptions } from '@/features/members/api/get-invitation';
import { formatDate } from '@/lib/format';
import { errorMessage } from '@/lib/notify';

const route = getRouteApi('/invite/$token');

/**
 * Who invites whom to which team, and the sign-in buttons that accept it; or, for a link that no longer works, why
 * (used, expired, revoked) and the way to the ordinary sign-in.
 */
export function InvitationScreen() {
  const { token } = route.useParams();
  const invitation = useQuery(invitationQueryOptions(token));

  return (
    <main className="flex flex-1 flex-col px-6 pt-[max(3rem,var(--spacing-safe-top))] pb-[max(2rem,var(--spacing-safe-bottom))]">
      <div className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
        <LogoMark className="size-16" />
        <h1 className="font-bold text-3xl tracking-tight">Приглашение в AdDesk</h1>
        {invitation.isPending ? (
          <p role="status" className="text-muted-foreground">
            Загрузка...
          </p>
        ) : invitation.isError ? null : (
          <div className="flex max-w-sm flex-col gap-2">
            <p className="text-lg">
              <span className="font-semibold">{invitation.data.invitedBy}</span> приглашает вас в команду{' '}
              <span className="font-semibold">«{invitation.data.teamName}»</span>
            </p>
            <p className="text-muted-foreground">
              Вы войдёте как {invitation.data.employeeName}. Ссылка действует до{' '}
              {formatDate(invitation.data.expiresAt)} и сработает один раз.
            </p>
          </div>
        )}
      </div>

      <div className="flex flex-col gap-3 pt-8">
        {invitation.isError ? (
          <>
            <div
              role="alert"
              className="flex items-start gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-left text-sm"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
              <p>{errorMessage(invitation.error)}</p>
            </div>
            <Button asChild size="lg" variant="secondary">
              <Link to="/auth">Ко входу в AdDesk</Link>
            </Button>
          </>
        ) : invitation.isSuccess ? (
          <>
            <SignInButtons invite={token} />
            <p className="pt-2 text-center text-muted-foreground text-xs">
              Войдите тем аккаунтом, которым будете пользоваться для работы в этой команде
            </p>
          </>
        ) : null}
      </div>
    </main>
  );
}
