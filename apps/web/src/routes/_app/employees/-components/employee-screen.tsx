import type { EmployeeDetail } from '@addesk/contract';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Pencil, UserMinus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useEmployee } from '@/features/employees/api/get-employee';
import { useRemoveEmployee } from '@/features/employees/api/remove-employee';
import { fullName } from '@/features/employees/lib/names';
import { InvitationCard } from '@/features/members';
import { isApiError } from '@/lib/api-client';
import { parseId } from '@/lib/ids';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { AssignmentsCard } from './assignments-card';
import { PaymentMethodsCard } from './payment-methods-card';
import { RenameSheet } from './rename-sheet';
import { SubordinatesCard } from './subordinates-card';

const route = getRouteApi('/_app/employees/$id');

/**
 * /employees/{id}: who the employee is (name, Telegram), the channels they work on with their roles and pay terms,
 * their requisites (add, delete) and the people under them.
 */
export function EmployeeScreen() {
  const params = route.useParams();
  // The route lets only a well-formed id through.
  const id = parseId(params.id) ?? 0;
  const query = useEmployee(id);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p role="status" className="py-16 text-center text-muted-foreground">
        Загрузка...
      </p>
    );
  } else if (query.isError && !query.data) {
    const gone = isApiError(query.error) && query.error.code === 'NOT_FOUND';
    body = (
      <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 py-12 text-center">
        <h2 className="font-semibold text-xl">{gone ? 'Сотрудник не найден' : 'Произошла ошибка'}</h2>
        <p className="max-w-xs text-muted-foreground">
          {gone ? 'Возможно, его уже удалили из команды.' : errorMessage(query.error)}
        </p>
        <div className="mt-2 flex flex-col gap-2 self-stretch">
          {gone ? null : (
            <Button size="lg" onClick={() => void query.refetch()}>
              Повторить
            </Button>
          )}
          <Button asChild size="lg" variant="secondary">
            <Link to="/employees">К списку сотрудников</Link>
          </Button>
        </div>
      </div>
    );
  } else {
    body = <EmployeeDetails employee={query.data} />;
  }

  return (
    <>
      <ScreenHeader title="Сотрудник" back={{ to: '/employees' }} />
      <ScreenMain className="gap-4 px-4 pt-4">{body}</ScreenMain>
    </>
  );
}

function EmployeeDetails({ employee }: { employee: EmployeeDetail }) {
  const name = fullName(employee);
  const [renaming, setRenaming] = useState(false);
  const { data: user } = useCurrentUser();
  const self = user?.id === employee.id;
  const owner = user?.isOwner === true;
  // The master (no manager) and the signed-in user stay in the team; a manager removes their own people.
  const removable = employee.managerId !== null && !self && (owner || employee.managerId === user?.id);
  // What the person's role lets them do here (docs/decisions/024); the server refuses the rest all the same.
  const managesPeople = user?.permissions.people === true;
  return (
    <>
      <section aria-labelledby="employee-name" className="flex flex-col items-center gap-2 pt-2 text-center">
        <Avatar name={name} src={employee.iconLink} size="xl" />
        {/* The pencil's width again on the left keeps the name centred. */}
        <div className={cn('flex max-w-full items-center gap-1', (owner || self) && 'pl-12')}>
          <h2 id="employee-name" className="min-w-0 break-words font-semibold text-2xl leading-tight">
            {name}
          </h2>
          {owner || self ? (
            <Button variant="ghost" size="icon" aria-label="Изменить имя" onClick={() => setRenaming(true)}>
              <Pencil aria-hidden="true" className="text-muted-foreground" />
            </Button>
          ) : null}
        </div>
        {employee.telegramNickName ? (
          <a
            href={`https://t.me/${employee.telegramNickName}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 max-w-full items-center truncate px-2 text-link underline-offset-4 hover:underline"
          >
            @{employee.telegramNickName}
            <span className="sr-only"> (откроется в Telegram)</span>
          </a>
        ) : (
          <p className="text-muted-foreground text-sm">Telegram не указан</p>
        )}
      </section>

      {managesPeople && !self && employee.managerId !== null ? (
        <InvitationCard employeeId={employee.id} name={name} />
      ) : null}
      <AssignmentsCard employee={employee} editable={managesPeople} />
      {owner || self ? <PaymentMethodsCard employee={employee} /> : null}
      <SubordinatesCard employeeId={employee.id} />
      {removable ? <RemoveFromTeam employee={employee} name={name} /> : null}
      <RenameSheet employee={employee} open={renaming} onOpenChange={setRenaming} />
    </>
  );
}

/** 'Удалить из команды' (decisions 017): their channels are taken away, their past deals keep their name. */
function RemoveFromTeam({ employee, name }: { employee: EmployeeDetail; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveEmployee();
  const navigate = useNavigate();
  return (
    <>
      <Button
        variant="destructive"
        size="lg"
        className="mt-auto"
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        <UserMinus aria-hidden="true" />
        Удалить из команды
      </Button>
      <ConfirmSheet
        open={confirming}
        onOpenChange={setConfirming}
        title="Удалить из команды?"
        description={`${name} больше не будет в команде: каналы и роли сотрудника снимутся. Прошлые сделки сохранят его имя.`}
        confirmLabel="Удалить из команды"
        pendingLabel="Удаляем…"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(employee.id, {
            onSuccess: () => {
              notifySuccess('Сотрудник удалён из команды');
              void navigate({ to: '/employees', replace: true });
            },
          })
        }
      />
    </>
  );
}
