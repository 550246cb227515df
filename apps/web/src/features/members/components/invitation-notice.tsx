import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { invitationQueryOptions } from '../api/get-invitation';

/**
 * What /auth says when it opens from an invitation's link (docs/decisions/024): who invites whom to which team, with
 * the sign-in buttons that accept it (`children`); or why the link no longer works, with the way to the ordinary
 * sign-in.
 */
export function InvitationNotice({ token, children }: { token: string; children: ReactNode }) {
  const invitation = useQuery(invitationQueryOptions(token));
  if (invitation.isPending) {
    return (
      <p role="status" className="text-center text-muted-foreground">
        Загрузка...
      </p>
    );
  }
  if (invitation.isError) {
    return (
      <>
        <p
          role="alert"
          className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-left text-sm"
        >
          {errorMessage(invitation.error)}
        </p>
        <Button asChild size="lg" variant="secondary">
          <Link to="/auth">Ко входу в AdDesk</Link>
        </Button>
      </>
    );
  }
  const { invitedBy, teamName, employeeName, expiresAt } = invitation.data;
  return (
    <>
      <section
        aria-label="Приглашение"
        className="flex flex-col gap-2 rounded-xl border bg-card p-4 text-center"
      >
        <h2 className="font-semibold text-xl">Приглашение в команду</h2>
        <p className="text-lg">
          <span className="font-semibold">{invitedBy}</span> приглашает вас в команду{' '}
          <span className="font-semibold">«{teamName}»</span>
        </p>
        <p className="text-muted-foreground">
          Вы войдёте как {employeeName}. Ссылка действует до {formatDate(expiresAt)} и сработает один раз.
        </p>
      </section>
      {children}
      <p className="pt-2 text-center text-muted-foreground text-xs">
        Войдите тем аккаунтом, которым будете пользоваться для работы в этой команде
      </p>
    </>
  );
}
