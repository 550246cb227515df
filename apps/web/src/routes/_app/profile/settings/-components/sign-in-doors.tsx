import { doorNames, type SignInDoor } from '@addesk/contract/plain';
import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { InlineErrorState } from '@/components/ui/error-state';
import { useAuthProviders } from '@/features/auth/api/get-auth-providers';
import { authErrorText } from '@/features/auth/lib/auth-error-text';
import { useAccounts } from '@/features/profile/api/get-accounts';
import { useUnlinkAccount } from '@/features/profile/api/unlink-account';
import { buildUrl } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { notifyFailure, notifySuccess } from '@/lib/notify';

const linkable = ['telegram', 'google', 'yandex'] as const satisfies readonly SignInDoor[];

/**
 * 'Способы входа' (issue 39): the doors into this profile (Google, Яндекс, Telegram), each to unlink but the last, and
 * the ones this server offers to link, so one person is one profile whichever door they use. Linking leaves for the
 * provider and comes back here with `?linked=` or `?error=`.
 */
export function SignInDoors({
  linked,
  error,
  onSeen,
}: {
  linked?: string | undefined;
  error?: string | undefined;
  onSeen: () => void;
}) {
  const accounts = useAccounts();
  const providers = useAuthProviders();
  const unlink = useUnlinkAccount();
  const [leaving, setLeaving] = useState<SignInDoor>();

  useEffect(() => {
    if (linked && Object.hasOwn(doorNames, linked))
      notifySuccess(`${doorNames[linked as SignInDoor]} привязан`);
    if (error) notifyFailure(authErrorText(error));
    // Said once: a reload or Back does not say it again.
    if (linked || error) onSeen();
  }, [linked, error, onSeen]);

  if (accounts.isError)
    return <InlineErrorState error={accounts.error} onRetry={() => void accounts.refetch()} />;
  const doors = accounts.data ?? [];
  const has = new Set(doors.map((door) => door.provider));
  const offered = linkable.filter((door) => !has.has(door) && providers.data?.[door]);

  return (
    <section aria-labelledby="doors-heading" className="flex flex-col gap-2">
      <h2 id="doors-heading" className="font-semibold text-muted-foreground text-sm">
        Способы входа
      </h2>
      <ul className="overflow-hidden rounded-xl border bg-card">
        {doors.map((door) => (
          <li
            key={door.provider}
            className="flex min-h-14 items-center gap-3 border-b px-4 py-2 last:border-b-0"
          >
            <KeyRound aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{doorNames[door.provider]}</span>
              <span className="block text-muted-foreground text-sm">с {formatDate(door.since)}</span>
            </span>
            {doors.length > 1 ? (
              <button
                type="button"
                onClick={() => setLeaving(door.provider)}
                className="min-h-11 rounded-lg px-3 font-medium text-destructive text-sm hover:bg-accent"
              >
                Отвязать
              </button>
            ) : null}
          </li>
        ))}
        {offered.map((door) => (
          <li key={door} className="border-b last:border-b-0">
            {/* A full page load: the provider's page, then back here. */}
            <a
              href={buildUrl('/auth/login', { authBy: door, link: 1 })}
              className="flex min-h-14 items-center gap-3 px-4 font-medium text-primary hover:bg-accent"
            >
              <KeyRound aria-hidden="true" className="size-5" />
              Привязать {doorNames[door]}
            </a>
          </li>
        ))}
      </ul>
      <ConfirmSheet
        open={leaving !== undefined}
        onOpenChange={(open) => {
          if (!open) {
            setLeaving(undefined);
            unlink.reset();
          }
        }}
        title={`Отвязать ${leaving ? doorNames[leaving] : ''}?`}
        description="Войти через него в этот профиль будет нельзя, пока не привяжете его снова."
        confirmLabel="Отвязать"
        pendingLabel="Отвязываем…"
        pending={unlink.isPending}
        error={unlink.error}
        onConfirm={() =>
          leaving &&
          unlink.mutate(leaving, {
            onSuccess: () => {
              notifySuccess(`${doorNames[leaving]} отвязан`);
              setLeaving(undefined);
            },
          })
        }
      />
    </section>
  );
}
