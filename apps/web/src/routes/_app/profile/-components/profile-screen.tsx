import { Link } from '@tanstack/react-router';
import { Bell, ChevronRight, FileCheck, Gift, type LucideIcon, RefreshCw, Settings } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { TeamSwitcher } from '@/features/members';
import { cn } from '@/lib/utils';
import { TariffSummary } from './tariff-summary';

type MenuItem = {
  to:
    | '/profile/settings/sync'
    | '/profile/settings/notifications'
    | '/referral-program'
    | '/marking'
    | '/profile/settings';
  label: string;
  icon: LucideIcon;
  tone: string;
  /** Shown to the team's owner only (the referral programme is the owner's: docs/decisions/024). */
  ownerOnly?: true;
};

/** The menu of spec §2.11, in its order ('Реферальная программа' leads to /referral-program: decisions D2). */
const menu: readonly MenuItem[] = [
  {
    to: '/profile/settings/sync',
    label: 'Синхронизация',
    icon: RefreshCw,
    tone: 'bg-sky-500/15 text-sky-600 dark:text-sky-300',
  },
  {
    to: '/profile/settings/notifications',
    label: 'Уведомления',
    icon: Bell,
    tone: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  },
  {
    to: '/referral-program',
    label: 'Реферальная программа',
    icon: Gift,
    tone: 'bg-pink-500/15 text-pink-600 dark:text-pink-300',
    ownerOnly: true,
  },
  // The month's ad-marking paperwork (issue 35): the owner's, like the team's legal details and ОРД key it uses.
  {
    to: '/marking',
    label: 'Маркировка',
    icon: FileCheck,
    tone: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
    ownerOnly: true,
  },
  {
    to: '/profile/settings',
    label: 'Настройки',
    icon: Settings,
    tone: 'bg-slate-500/15 text-slate-600 dark:text-slate-300',
  },
];

/** /profile (spec §2.11): who the user is (a link to edit it), the tariff, and the profile's sections. */
export function ProfileScreen() {
  const { data: user } = useCurrentUser();
  if (!user) return null; // The signed-in layout is already on its way to /auth.
  const fullName = [user.firstName, user.secondName].filter(Boolean).join(' ');

  return (
    <>
      <ScreenHeader title="Профиль" back={{ to: '/dashboard' }} />
      <ScreenMain className="gap-4 px-4 pt-4">
        <Link
          to="/profile/edit"
          className="flex min-h-20 items-center gap-4 rounded-xl border bg-card p-4 shadow-sm hover:bg-accent active:bg-accent/80"
        >
          <Avatar name={fullName} src={user.iconLink} size="lg" decorative />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold text-lg leading-tight">{fullName}</span>
            <span className="block text-muted-foreground text-sm">Изменить имя и фамилию</span>
          </span>
          <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        </Link>

        <TeamSwitcher team={user.team} />

        {user.isOwner ? <TariffSummary /> : null}

        <nav aria-label="Разделы профиля">
          <ul className="overflow-hidden rounded-xl border bg-card shadow-sm">
            {menu
              .filter((item) => user.isOwner || !item.ownerOnly)
              .map(({ to, label, icon: Icon, tone }) => (
                <li key={to} className="border-b last:border-b-0">
                  <Link
                    to={to}
                    className="flex min-h-14 items-center gap-3 px-4 py-2 font-medium text-card-foreground hover:bg-accent active:bg-accent/80"
                  >
                    <span
                      className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}
                    >
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <span className="min-w-0 flex-1 truncate">{label}</span>
                    <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      </ScreenMain>
    </>
  );
}
