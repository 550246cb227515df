import type { Assignment, EmployeeDetail } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { InlineErrorState } from '@/components/ui/error-state';
import { useAssignedChannels } from '@/features/employees/api/get-assigned-channels';
import { useRemoveAssignment } from '@/features/employees/api/remove-assignment';
import { fullName } from '@/features/employees/lib/names';
import { rateText } from '@/features/employees/lib/rate';
import { notifySuccess } from '@/lib/notify';
import { AddRoleSheet } from './add-role-sheet';

type ChannelGroup = { channelId: number; channelName: string; iconLink: string | null; roles: Assignment[] };

/** One entry per channel, with every role the employee holds there (a person may hold several). */
function byChannel(assignments: readonly Assignment[]): ChannelGroup[] {
  const groups = new Map<number, ChannelGroup>();
  for (const assignment of assignments) {
    const group = groups.get(assignment.channelId) ?? {
      channelId: assignment.channelId,
      channelName: assignment.channelName,
      iconLink: assignment.iconLink,
      roles: [],
    };
    group.roles.push(assignment);
    groups.set(assignment.channelId, group);
  }
  return [...groups.values()];
}

/** 'Каналы и роли': where the employee works, in which role, on what terms; taking a role away. */
/** `editable`: the caller gives and takes roles here (the owner, an administrator: docs/decisions/024). */
export function AssignmentsCard({ employee, editable }: { employee: EmployeeDetail; editable: boolean }) {
  const titleId = useId();
  const query = useAssignedChannels(employee.id);
  const remove = useRemoveAssignment();
  const [removing, setRemoving] = useState<Assignment>();
  const [adding, setAdding] = useState(false);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div aria-hidden="true" className="flex flex-col gap-3">
        {[0, 1].map((key) => (
          <span key={key} className="block h-16 animate-pulse rounded-lg bg-muted" />
        ))}
      </div>
    );
  } else if (query.isError) {
    body = <InlineErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = <p className="text-muted-foreground text-sm">Сотрудник пока не работает ни на одном канале</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-4">
        {byChannel(query.data).map((group) => (
          <li key={group.channelId} className="flex flex-col gap-2">
            <Link
              to="/channels/$id"
              params={{ id: String(group.channelId) }}
              className="flex min-h-11 min-w-0 items-center gap-3 rounded-lg font-medium hover:underline"
            >
              <Avatar name={group.channelName} src={group.iconLink} size="sm" decorative />
              <span className="min-w-0 truncate">{group.channelName}</span>
            </Link>
            <ul className="flex flex-col gap-2">
              {group.roles.map((assignment) => (
                <li
                  key={assignment.employeeChannelRoleId}
                  className="flex items-start gap-2 rounded-lg bg-muted/60 py-2 pr-1 pl-3"
                >
                  <div className="min-w-0 flex-1 py-1">
                    <p className="font-medium">{assignment.roleName}</p>
                    {assignment.salaryTypeName ? (
                      <p className="text-muted-foreground text-sm">
                        {assignment.salaryTypeName}: {rateText(assignment.salaryTypeId, assignment.rate)}
                      </p>
                    ) : null}
                    {assignment.conditions ? (
                      <p className="whitespace-pre-line break-words text-sm">{assignment.conditions}</p>
                    ) : null}
                  </div>
                  {editable ? (
                    <Button
                      variant="destructive"
                      size="sm"
                      aria-label={`Снять с канала «${assignment.channelName}» (роль «${assignment.roleName}»)`}
                      onClick={() => {
                        remove.reset();
                        setRemoving(assignment);
                      }}
                    >
                      Снять
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId} aria-busy={query.isPending || undefined}>
      <CardHeader>
        <CardTitle id={titleId}>Каналы и роли</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {body}
        {editable ? (
          <Button variant="secondary" className="self-start" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Добавить роль
          </Button>
        ) : null}
      </CardContent>
      <AddRoleSheet employeeId={employee.id} open={adding} onOpenChange={setAdding} />
      <ConfirmSheet
        open={removing !== undefined}
        onOpenChange={(open) => {
          if (!open) setRemoving(undefined);
        }}
        title="Снять с канала?"
        description={
          removing
            ? `${fullName(employee)} больше не будет работать на канале «${removing.channelName}» в роли «${removing.roleName}».`
            : ''
        }
        confirmLabel="Да, снять"
        pendingLabel="Снимаем…"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            {
              employeeId: employee.id,
              channelId: removing.channelId,
              employeeChannelRoleId: removing.employeeChannelRoleId,
            },
            {
              onSuccess: () => {
                setRemoving(undefined);
                notifySuccess('Сотрудник снят с канала');
              },
            },
          );
        }}
      />
    </Card>
  );
}
