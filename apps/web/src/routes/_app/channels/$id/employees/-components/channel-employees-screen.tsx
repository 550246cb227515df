import { getRouteApi, Link } from '@tanstack/react-router';
import { ChevronRight, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { BottomBar } from '@/components/ui/bottom-bar';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { rowLinkClass } from '@/components/ui/row-link';
import { ScreenHeader } from '@/components/ui/screen-header';
import { Spinner } from '@/components/ui/spinner';
import { useChannelEmployees } from '@/features/channels/api/get-channel-employees';
import { isApiError } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { parseId } from '@/lib/ids';

const route = getRouteApi('/_app/channels/$id/employees/');

/**
 * /channels/{id}/employees (spec §2.10): everyone working on the channel (each opening their page), and
 * 'Добавить сотрудника'.
 */
export function ChannelEmployeesScreen() {
  const params = route.useParams();
  // The parent route lets only a well-formed id through.
  const query = useChannelEmployees(parseId(params.id) ?? 0);
  const gone = isApiError(query.error) && query.error.code === 'NOT_FOUND';

  let body: ReactNode;
  if (query.isPending) {
    body = <Spinner className="py-12" />;
  } else if (query.isError) {
    body = (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        action={
          gone ? (
            <Button asChild variant="secondary">
              <Link to="/channels">К списку каналов</Link>
            </Button>
          ) : undefined
        }
      />
    );
  } else if (query.data.length === 0) {
    body = <p className="py-12 text-center text-muted-foreground">На этом канале пока нет сотрудников</p>;
  } else {
    body = (
      <>
        <p className="text-muted-foreground text-sm">
          {plural(query.data.length, ['сотрудник', 'сотрудника', 'сотрудников'])}
        </p>
        <ul aria-label="Сотрудники канала" className="overflow-hidden rounded-xl border bg-card">
          {query.data.map((employee) => (
            <li key={employee.employeeId} className="border-b last:border-b-0">
              <Link to="/employees/$id" params={{ id: String(employee.employeeId) }} className={rowLinkClass}>
                <Avatar name={employee.employeeName} src={employee.iconLink} decorative />
                <span className="min-w-0 flex-1 truncate font-medium">{employee.employeeName}</span>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <>
      <ScreenHeader title="Сотрудники канала" back={{ to: '/channels/$id', params: { id: params.id } }} />
      <main className="flex flex-1 flex-col gap-3 px-4 pt-4 pb-4">{body}</main>
      {gone ? null : (
        <BottomBar>
          <Button asChild size="lg">
            <Link to="/channels/$id/employees/add" params={{ id: params.id }}>
              <UserPlus aria-hidden="true" />
              Добавить сотрудника
            </Link>
          </Button>
        </BottomBar>
      )}
    </>
  );
}
