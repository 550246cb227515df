import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { ScreenMain } from '@/components/ui/screen-main';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { MarkingDueBanner } from '@/features/marking/components/marking-due-banner';
import { DashboardMenu } from './dashboard-menu';
import { dashboardChannelsQuery, dashboardEmployeesQuery } from './dashboard-queries';
import { PreviewCard } from './preview-card';

export function DashboardScreen() {
  const { data: user } = useCurrentUser();
  if (!user) return null; // The signed-in layout is already on its way to /auth.
  const fullName = [user.firstName, user.secondName].filter(Boolean).join(' ');

  return (
    <>
      <header className="px-3 pt-safe-top">
        <Link
          to="/profile"
          className="flex min-h-16 items-center gap-3 rounded-xl px-2 py-3 hover:bg-accent active:bg-accent/80"
        >
          <Avatar name={fullName} src={user.iconLink} size="lg" decorative />
          <div className="min-w-0 flex-1">
            <h1 className="truncate font-semibold text-lg leading-tight">{fullName || 'Профиль'}</h1>
            <p className="text-muted-foreground text-sm">Профиль и настройки</p>
          </div>
          <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        </Link>
      </header>

      <ScreenMain className="gap-6 px-4 pt-2">
        {/* The owner's marking reminder (issue 35): 5 days and 1 day before a month's deadline. */}
        {user.isOwner ? <MarkingDueBanner /> : null}
        {user.permissions.schedule || user.permissions.people ? (
          <section aria-label="Команда" className="grid grid-cols-2 gap-3">
            {user.permissions.schedule ? <ChannelsCard /> : null}
            {user.permissions.people ? <EmployeesCard masterId={user.id} /> : null}
          </section>
        ) : null}
        <DashboardMenu permissions={user.permissions} />
      </ScreenMain>
    </>
  );
}

function ChannelsCard() {
  const query = useQuery(dashboardChannelsQuery());
  return (
    <PreviewCard
      title="Каналы"
      link={{ to: '/channels' }}
      forms={['канал', 'канала', 'каналов']}
      query={query}
      toItem={(channel) => ({ id: channel.id, name: channel.name, src: channel.iconLink })}
    />
  );
}

function EmployeesCard({ masterId }: { masterId: number }) {
  const query = useQuery(dashboardEmployeesQuery(masterId));
  return (
    <PreviewCard
      title="Сотрудники"
      link={{ to: '/employees' }}
      forms={['сотрудник', 'сотрудника', 'сотрудников']}
      query={query}
      toItem={(employee) => ({
        id: employee.id,
        name: [employee.firstName, employee.secondName].filter(Boolean).join(' '),
        src: employee.iconLink,
      })}
    />
  );
}
