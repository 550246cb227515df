import type { TeamMember } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { ChevronRight, UserPlus } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { rowLinkClass } from '@/components/ui/row-link';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useChannelEmployees } from '@/features/channels/api/get-channel-employees';
import { useTeamPages } from '@/features/employees/api/get-team';
import { ChannelIcons } from '@/features/employees/components/channel-icons';
import { fullName } from '@/features/employees/lib/names';
import { isApiError } from '@/lib/api-client';

/**
 * Step 1 (spec §2.10): 'Создать нового сотрудника', or someone from 'Моя команда' who does not work on this channel
 * yet (the signed-in user is not their own employee and is not offered).
 */
export function SelectEmployeeStep({ channelId }: { channelId: number }) {
  const id = String(channelId);
  const titleId = useId();
  const { data: user } = useCurrentUser();
  const team = useTeamPages();
  const onChannel = useChannelEmployees(channelId);

  const taken = new Set(onChannel.data?.map((employee) => employee.employeeId));
  const members = (team.data?.pages.flatMap((page) => page.items) ?? []).filter(
    (member) => member.id !== user?.id && !taken.has(member.id),
  );
  const channelGone = isApiError(onChannel.error) && onChannel.error.code === 'NOT_FOUND';

  let body: ReactNode;
  if (team.isPending || onChannel.isPending) {
    body = <Spinner className="py-8" />;
  } else if (onChannel.isError || (team.isError && members.length === 0)) {
    const failed = onChannel.isError ? onChannel : team;
    body = (
      <ErrorState
        error={failed.error}
        onRetry={() => void failed.refetch()}
        action={
          channelGone ? (
            <Button asChild variant="secondary">
              <Link to="/channels">К списку каналов</Link>
            </Button>
          ) : undefined
        }
        className="py-8"
      />
    );
  } else if (members.length === 0 && !team.hasNextPage) {
    body = (
      <p className="rounded-xl border border-dashed px-4 py-6 text-center text-muted-foreground">
        {taken.size > 0
          ? 'Все сотрудники команды уже работают на этом канале'
          : 'В команде пока никого нет: создайте нового сотрудника'}
      </p>
    );
  } else {
    body = (
      <>
        {members.length > 0 ? (
          <ul aria-labelledby={titleId} className="overflow-hidden rounded-xl border bg-card">
            {members.map((member) => (
              <MemberRow key={member.id} channelId={id} member={member} />
            ))}
          </ul>
        ) : null}
        <LoadMore query={team} />
      </>
    );
  }

  return (
    <>
      <ScreenHeader title="Добавить сотрудника" back={{ to: '/channels/$id/employees', params: { id } }} />
      <ScreenMain className="gap-4 px-4 pt-4">
        <Link
          to="/channels/$id/employees/add"
          params={{ id }}
          search={{ step: 'new' }}
          className="flex min-h-16 items-center gap-3 rounded-xl border bg-card px-4 py-3 font-medium shadow-sm hover:bg-accent active:bg-accent/80"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <UserPlus aria-hidden="true" className="size-5" />
          </span>
          <span className="min-w-0 flex-1">Создать нового сотрудника</span>
          <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        </Link>

        <section
          aria-labelledby={titleId}
          aria-busy={team.isPending || undefined}
          className="flex flex-col gap-3"
        >
          <h2 id={titleId} className="font-semibold text-lg">
            Моя команда
          </h2>
          {body}
        </section>
      </ScreenMain>
    </>
  );
}

function MemberRow({ channelId, member }: { channelId: string; member: TeamMember }) {
  const name = fullName(member);
  return (
    <li className="border-b last:border-b-0">
      <Link
        to="/channels/$id/employees/add"
        params={{ id: channelId }}
        search={{ step: 'card', employee: member.id }}
        className={rowLinkClass}
      >
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
