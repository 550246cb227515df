import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronRight, Landmark, LogOut, Megaphone, Monitor, Moon, Sun, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTheme } from '@/components/theme-provider';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { currentUserQueryOptions, useCurrentUser } from '@/features/auth/api/get-current-user';
import { useLogout } from '@/features/auth/api/logout';
import { useDeleteAccount } from '@/features/profile/api/delete-account';
import type { Theme } from '@/lib/theme';
import { cn } from '@/lib/utils';
import { MinGapField } from './min-gap-field';
import { SignInDoors } from './sign-in-doors';
import { TimeZoneField } from './time-zone-field';

const themeOptions: ReadonlyArray<{ value: Theme; label: string; icon: typeof Moon }> = [
  { value: 'dark', label: 'Тёмная', icon: Moon },
  { value: 'light', label: 'Светлая', icon: Sun },
  { value: 'system', label: 'Как на устройстве', icon: Monitor },
];

/**
 * /profile/settings (spec §2.11): the team's settings (its time zone, decisions D5, and the minimum gap between sales;
 * the master changes them, others see them), the theme, the ways to sign in (issue 39), signing out and deleting the
 * profile. Both account actions
 * are real (decisions D2): signing out ends the server session, deleting removes the account and all data of its team.
 */
export function SettingsScreen({ doors }: { doors: Parameters<typeof SignInDoors>[0] }) {
  const { theme, setTheme } = useTheme();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const logout = useLogout();

  return (
    <>
      <ScreenHeader title="Настройки" back={{ to: '/profile' }} />
      <ScreenMain className="gap-6 px-4 py-4">
        <TimeZoneField />
        <MinGapField />
        <LegalLink />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold text-muted-foreground text-sm">Тема оформления</legend>
          <div className="overflow-hidden rounded-xl border bg-card">
            {themeOptions.map(({ value, label, icon: Icon }) => (
              <label
                key={value}
                className={cn(
                  'flex min-h-14 cursor-pointer items-center gap-3 border-b px-4 last:border-b-0 hover:bg-accent',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring has-[:focus-visible]:-outline-offset-2',
                )}
              >
                <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
                <span className="flex-1">{label}</span>
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={theme === value}
                  onChange={() => setTheme(value)}
                  className="size-5 accent-primary"
                />
              </label>
            ))}
          </div>
        </fieldset>

        <SignInDoors {...doors} />

        <section aria-labelledby="account-heading" className="flex flex-col gap-2">
          <h2 id="account-heading" className="font-semibold text-muted-foreground text-sm">
            Профиль
          </h2>
          <div className="overflow-hidden rounded-xl border bg-card">
            <button
              type="button"
              onClick={() => setConfirmOpen(true)}
              className="flex min-h-14 w-full items-center gap-3 border-b px-4 text-left hover:bg-accent"
            >
              <LogOut aria-hidden="true" className="size-5" />
              Выйти из профиля
            </button>
            <ConfirmSheet
              open={confirmOpen}
              onOpenChange={setConfirmOpen}
              title="Выйти из профиля?"
              description="Чтобы вернуться, войдите снова тем же способом: данные команды останутся на месте."
              confirmLabel="Выйти"
              pendingLabel="Выходим…"
              confirmVariant="default"
              pending={logout.isPending}
              error={logout.error}
              onConfirm={() => logout.mutate()}
            />
            <DeleteProfileSheet />
          </div>
        </section>
      </ScreenMain>
    </>
  );
}

/**
 * The team's legal details and its ОРД account for ad marking (issue 35): the owner's only, so only the owner sees the
 * ways there.
 */
function LegalLink() {
  const owner = useCurrentUser().data?.permissions.owner;
  if (!owner) return null;
  return (
    <div className="flex flex-col gap-2">
      <SettingsLink
        to="/profile/settings/legal"
        icon={Landmark}
        title="Юридические данные"
        text="Для маркировки рекламы: ИНН и название"
      />
      <SettingsLink
        to="/profile/settings/ord"
        icon={Megaphone}
        title="ОРД (маркировка)"
        text="Ключ API для регистрации рекламы"
      />
    </div>
  );
}

function SettingsLink({
  to,
  icon: Icon,
  title,
  text,
}: {
  to: '/profile/settings/legal' | '/profile/settings/ord';
  icon: typeof Landmark;
  title: string;
  text: string;
}) {
  return (
    <Link
      to={to}
      className="flex min-h-16 items-center gap-3 rounded-xl border bg-card px-4 py-3 hover:bg-accent active:bg-accent/80"
    >
      <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium">{title}</span>
        <span className="text-muted-foreground text-sm">{text}</span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
    </Link>
  );
}

/** 'Удалить профиль': a confirmation sheet, then DELETE /api/account and a fresh /auth that says 'Профиль удалён'. */
function DeleteProfileSheet() {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount(() => window.location.assign('/auth?deleted=1'));
  // Read, not watched: after the delete the cache is cleared, and a watching screen would ask for the user again.
  const user = useQueryClient().getQueryData(currentUserQueryOptions().queryKey);
  // What goes depends on whose team this is (docs/decisions/024): an invited person only leaves.
  const description = user?.isOwner
    ? `Удалятся ваш профиль и все данные команды: каналы, сотрудники, продажи, закупки и тариф. Вернуть их будет нельзя.${user.team.count > 1 ? ' Из других команд вы выйдете.' : ''}`
    : 'Удалится ваш профиль, и вы выйдете из команд, куда вас пригласили: их данные останутся у владельцев. Ваша собственная команда, если она есть, удалится со всеми данными.';
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex min-h-14 w-full items-center gap-3 px-4 text-left text-destructive hover:bg-accent"
      >
        <Trash2 aria-hidden="true" className="size-5" />
        Удалить профиль
      </button>
      <ConfirmSheet
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) remove.reset();
        }}
        title="Вы уверены, что хотите удалить профиль?"
        description={description}
        confirmLabel="Да, удалить профиль"
        pendingLabel="Удаляем…"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}
