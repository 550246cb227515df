import type { TeamMember } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { ChevronRight, Plus } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { PagedList } from '@/components/ui/paged-list';
import { rowLinkClass } from '@/components/ui/row-link';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useTeamPages } from '@/features/employees/api/get-team';
import { ChannelIcons } from '@/features/employees/components/channel-icons';
import { fullName } from '@/features/employees/lib/names';
import { plural } from '@/lib/format';

/**
 * /employees (decisions D2): the team, each with the channels they work on, opening their page, and 'Добавить
 * сотрудника' (a person on no channel yet). The server's list holds the signed-in user too; they are not their own
 * employee and are left out here.
 */
export function TeamScreen() {
  const { data: user } = useCurrentUser();
  const query = useTeamPages();
  const everyone = query.data?.pages.flatMap((page) => page.items) ?? [];
  const members = everyone.filter((member) => member.id !== user?.id);
  const total = query.data?.pages[0]?.total ?? 0;
  // Leave the signed-in user out of the count too (unless the whole list is here and they are not in it).
  const meCounted = everyone.length < total || everyone.length !== members.length;
  const count = Math.max(0, total - (meCounted ? 1 : 0));

  return (
    <>
      <ScreenHeader
        title="Сотрудники"
        back={{ to: '/dashboard' }}
        actions={
          <Button asChild variant="ghost" size="icon">
            <Link to="/employees/add" aria-label="Добавить сотрудника">
              <Plus aria-hidden="true" className="size-6" />
            </Link>
          </Button>
        }
      />
      <ScreenMain className="gap-3 px-4 pt-4">
        <PagedList
          query={query}
          rows={members.length}
          label="Команда"
          intro={
            <p className="text-muted-foreground text-sm">
              {plural(count, ['сотрудник', 'сотрудника', 'сотрудников'])}
            </p>
          }
          empty={
            <div className="flex flex-col items-center gap-4 py-12 text-center">
              <p className="text-muted-foreground">
                В команде пока нет сотрудников. Добавьте первого: канал и роль можно назначить сразу или
                позже.
              </p>
              <Button asChild size="lg">
                <Link to="/employees/add">
                  <Plus aria-hidden="true" />
                  Добавить сотрудника
                </Link>
              </Button>
            </div>
          }
        >
          {members.map((member) => (
            <MemberRow key={member.id} member={member} />
          ))}
        </PagedList>
      </ScreenMain>
    </>
  );
}

function MemberRow({ member }: { member: TeamMember }) {
  const name = fullName(member);
  return (
    <li className="border-b last:border-b-0">
      <Link to="/employees/$id" params={{ id: String(member.id) }} className={rowLinkClass}>
        <Avatar name={name} src={member.iconLink} decorative />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="truncate font-medium">{name}</span>
          <ChannelIcons channels={member.channels} />
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      </Link>
    </li>
  );
}
