import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useSubordinates } from '@/features/employees/api/get-subordinates';
import { fullName } from '@/features/employees/lib/names';
import { plural } from '@/lib/format';
import { errorMessage } from '@/lib/notify';

/** How many subordinates the employee page lists. */
export const SUBORDINATES_SHOWN = 20;

/** 'Подчинённые': the people whose manager this employee is. */
export function SubordinatesCard({ employeeId }: { employeeId: number }) {
  const titleId = useId();
  const query = useSubordinates(employeeId, { limit: SUBORDINATES_SHOWN });

  let body: ReactNode;
  if (query.isPending) {
    body = <span aria-hidden="true" className="block h-10 animate-pulse rounded-lg bg-muted" />;
  } else if (query.isError) {
    body = <p className="text-muted-foreground text-sm">{errorMessage(query.error)}</p>;
  } else if (query.data.items.length === 0) {
    body = <p className="text-muted-foreground text-sm">Подчинённых нет</p>;
  } else {
    const rest = query.data.total - query.data.items.length;
    body = (
      <>
        <ul className="-mx-2 flex flex-col">
          {query.data.items.map((person) => (
            <li key={person.id}>
              <Link
                to="/employees/$id"
                params={{ id: String(person.id) }}
                className="flex min-h-12 items-center gap-3 rounded-lg px-2 py-1 hover:bg-accent"
              >
                <Avatar name={fullName(person)} src={person.iconLink} size="sm" decorative />
                <span className="min-w-0 flex-1 truncate">{fullName(person)}</span>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
        {rest > 0 ? (
          <p className="mt-2 text-muted-foreground text-sm">
            и ещё {plural(rest, ['сотрудник', 'сотрудника', 'сотрудников'])}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId} aria-busy={query.isPending || undefined}>
      <CardHeader>
        <CardTitle id={titleId}>Подчинённые</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
