import type { Channel, EmployeeDetail } from '@addesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import type { CardPerson } from '@/features/employees/lib/add-employee-draft';
import { errorMessage } from '@/lib/notify';

/** The top of the card: who is being added (a team member or the person typed on step 2) and to which channel. */
export function CardSummary({
  channelId,
  person,
  member,
  channel,
  personName,
  personIcon,
}: {
  channelId: number;
  person: CardPerson;
  member: UseQueryResult<EmployeeDetail>;
  channel: UseQueryResult<Channel>;
  personName: string;
  personIcon: string | null;
}) {
  return (
    <section aria-label="Сотрудник и канал" className="overflow-hidden rounded-xl border bg-card">
      <SummaryRow label="Сотрудник">
        {person.kind === 'member' && member.isPending ? (
          <RowSkeleton />
        ) : person.kind === 'member' && member.isError ? (
          <div className="flex flex-col gap-2">
            <p role="alert" className="text-destructive">
              {errorMessage(member.error)}
            </p>
            <Link
              to="/channels/$id/employees/add"
              params={{ id: String(channelId) }}
              className="inline-flex min-h-11 items-center text-link underline-offset-4 hover:underline"
            >
              Выбрать другого сотрудника
            </Link>
          </div>
        ) : (
          <Who
            name={personName}
            src={personIcon}
            note={
              person.kind === 'new'
                ? person.draft.telegramNickName
                  ? `@${person.draft.telegramNickName} · новый сотрудник`
                  : 'Новый сотрудник'
                : member.data?.telegramNickName
                  ? `@${member.data.telegramNickName}`
                  : 'Из вашей команды'
            }
          />
        )}
      </SummaryRow>
      <SummaryRow label="Канал">
        {channel.isPending ? (
          <RowSkeleton />
        ) : channel.isError ? (
          <p role="alert" className="text-destructive">
            {errorMessage(channel.error)}
          </p>
        ) : (
          <Who
            name={channel.data.name}
            src={channel.data.iconLink}
            note={`@${channel.data.telegramNickName}`}
          />
        )}
      </SummaryRow>
    </section>
  );
}

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 border-b px-4 py-3 last:border-b-0">
      <h2 className="text-muted-foreground text-sm">{label}</h2>
      {children}
    </div>
  );
}

function Who({ name, src, note }: { name: string; src: string | null; note: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={name} src={src} decorative />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{name}</p>
        <p className="truncate text-muted-foreground text-sm">{note}</p>
      </div>
    </div>
  );
}

function RowSkeleton() {
  return (
    <div aria-hidden="true" className="flex items-center gap-3">
      <span className="size-10 animate-pulse rounded-full bg-muted" />
      <span className="h-4 w-40 animate-pulse rounded bg-muted" />
    </div>
  );
}
