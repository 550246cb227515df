import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useChannelEmployees } from '@/features/channels/api/get-channel-employees';
import { plural } from '@/lib/format';
import { errorMessage } from '@/lib/notify';

/** Spec §9: the channel's employees card shows this many. */
export const CHANNEL_CARD_EMPLOYEES = 3;

/** The first employees of the channel and 'Все' to the whole list (spec §2.10). */
export function EmployeesCard({ channelId }: { channelId: number }) {
  const query = useChannelEmployees(channelId);
  const titleId = useId();
  const employees = query.data ?? [];
  const shown = employees.slice(0, CHANNEL_CARD_EMPLOYEES);
  const rest = employees.length - shown.length;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <ul aria-hidden="true" className="flex flex-col gap-3">
        {[0, 1, 2].map((key) => (
          <li key={key} className="flex items-center gap-3">
            <span className="size-10 animate-pulse rounded-full bg-muted" />
            <span className="h-4 w-40 animate-pulse rounded bg-muted" />
          </li>
        ))}
      </ul>
    );
  } else if (query.isError) {
    body = <p className="text-muted-foreground text-sm">{errorMessage(query.error)}</p>;
  } else if (employees.length === 0) {
    body = <p className="text-muted-foreground text-sm">На канале пока нет сотрудников</p>;
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-3">
          {shown.map((employee) => (
            <li key={employee.employeeId} className="flex min-w-0 items-center gap-3">
              <Avatar name={employee.employeeName} src={employee.iconLink} decorative />
              <span className="min-w-0 truncate">{employee.employeeName}</span>
            </li>
          ))}
        </ul>
        {rest > 0 ? (
          <p className="mt-3 text-muted-foreground text-sm">
            и ещё {plural(rest, ['сотрудник', 'сотрудника', 'сотрудников'])}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId} aria-busy={query.isPending || undefined}>
      <CardHeader row className="items-center justify-between gap-2 py-2 pr-2">
        <CardTitle id={titleId}>Сотрудники</CardTitle>
        <Link
          to="/channels/$id/employees"
          params={{ id: String(channelId) }}
          className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 font-medium text-link hover:bg-accent"
        >
          Все
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
