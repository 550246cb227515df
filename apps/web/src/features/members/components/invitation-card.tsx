import type { InvitationCreated } from '@addesk/contract';
import { CircleCheck, Copy, Send, UserPlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { InlineErrorState } from '@/components/ui/error-state';
import { copyText } from '@/lib/copy-text';
import { formatDate } from '@/lib/format';
import { errorMessage, notifyFailure, notifySuccess } from '@/lib/notify';
import { useMembership } from '../api/get-membership';
import { useCreateInvitation, useRevokeInvitation } from '../api/invite';

async function copyLink(url: string) {
  if (await copyText(url)) notifySuccess('Ссылка скопирована');
  else notifyFailure('Не удалось скопировать ссылку. Выделите её и скопируйте вручную');
}

/**
 * 'Вход в AdDesk' on a person's page (docs/decisions/024): when they signed in, or a one-time link for them to sign in
 * as themselves. The link is shown once, right after it is made (only its hash is kept): to send it again, make a
 * new one, which ends the old.
 */
export function InvitationCard({ employeeId, name }: { employeeId: number; name: string }) {
  const titleId = useId();
  const membership = useMembership(employeeId);
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const [link, setLink] = useState<InvitationCreated>();

  const make = () =>
    create.mutate(employeeId, {
      onSuccess: (created) => setLink(created),
      onError: (error) => notifyFailure(errorMessage(error)),
    });
  const withdraw = () =>
    revoke.mutate(employeeId, {
      onSuccess: () => {
        setLink(undefined);
        notifySuccess('Приглашение отозвано');
      },
      onError: (error) => notifyFailure(errorMessage(error)),
    });

  let body: React.ReactNode;
  if (membership.isPending) {
    body = <span aria-hidden="true" className="block h-12 animate-pulse rounded-lg bg-muted" />;
  } else if (membership.isError) {
    body = <InlineErrorState error={membership.error} onRetry={() => void membership.refetch()} />;
  } else if (membership.data.joinedAt) {
    body = (
      <p className="flex items-center gap-2">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
        Вошёл в AdDesk {formatDate(membership.data.joinedAt)}
      </p>
    );
  } else if (link) {
    body = (
      <>
        <p className="text-muted-foreground text-sm">
          Отправьте ссылку сотруднику: она сработает один раз и действует до {formatDate(link.expiresAt)}.
        </p>
        <p
          data-slot="invitation-link"
          className="break-all rounded-lg bg-muted/60 px-3 py-2 font-mono text-sm"
        >
          {link.url}
        </p>
        <div className="grid grid-cols-2 gap-2">
          <Button size="lg" onClick={() => void copyLink(link.url)}>
            <Copy aria-hidden="true" />
            Скопировать
          </Button>
          {typeof navigator.share === 'function' ? (
            <Button
              size="lg"
              variant="secondary"
              onClick={() =>
                void navigator.share({ title: 'Приглашение в AdDesk', url: link.url }).catch(() => undefined)
              }
            >
              Поделиться
            </Button>
          ) : (
            <Button size="lg" variant="secondary" onClick={make} disabled={create.isPending}>
              Новая ссылка
            </Button>
          )}
        </div>
        {link.telegramUrl ? (
          // The same invitation as a link to our bot: opened in Telegram, the bot answers with a button into AdDesk,
          // and the person signs in as that Telegram account.
          <Button size="lg" variant="secondary" onClick={() => void copyLink(link.telegramUrl ?? link.url)}>
            <Send aria-hidden="true" />
            Ссылка для входа через Telegram
          </Button>
        ) : null}
        <span className="inline-flex self-center rounded-2xl bg-white p-3 shadow-sm">
          <img
            src={link.qr}
            alt={`QR-код приглашения для ${name}`}
            width={200}
            height={200}
            className="size-50"
          />
        </span>
        <Button size="lg" variant="outline" onClick={withdraw} disabled={revoke.isPending}>
          <X aria-hidden="true" />
          Отозвать
        </Button>
      </>
    );
  } else if (membership.data.invitationExpiresAt) {
    body = (
      <>
        <p className="text-sm">
          Приглашение отправлено, ссылка действует до {formatDate(membership.data.invitationExpiresAt)}. Чтобы
          отправить её снова, создайте новую: прежняя перестанет работать.
        </p>
        <div className="grid grid-cols-2 gap-2">
          <Button size="lg" onClick={make} disabled={create.isPending}>
            Новая ссылка
          </Button>
          <Button size="lg" variant="outline" onClick={withdraw} disabled={revoke.isPending}>
            <X aria-hidden="true" />
            Отозвать
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p className="text-muted-foreground text-sm">
          Сотрудник войдёт через Google или Яндекс и будет сам вести свои сделки: он увидит только то, что
          позволяет его роль.
        </p>
        <Button size="lg" onClick={make} disabled={create.isPending}>
          <UserPlus aria-hidden="true" />
          {create.isPending ? 'Создаём ссылку…' : 'Пригласить в AdDesk'}
        </Button>
      </>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId} aria-busy={membership.isPending || undefined}>
      <CardHeader>
        <CardTitle id={titleId}>Вход в AdDesk</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">{body}</CardContent>
    </Card>
  );
}
