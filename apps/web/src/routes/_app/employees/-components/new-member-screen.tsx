import { splitName } from '@addesk/contract/plain';
import { getRouteApi, Link, Navigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ScreenHeader } from '@/components/ui/screen-header';
import { Spinner } from '@/components/ui/spinner';
import { useCreateEmployee } from '@/features/employees/api/create-employee';
import { useEmployee } from '@/features/employees/api/get-employee';
import { EmployeeAdded } from '@/features/employees/components/employee-added';
import { NewPersonForm } from '@/features/employees/components/new-person-form';
import {
  clearDraft,
  type NewPerson,
  readDraft,
  writeDraft,
} from '@/features/employees/lib/add-employee-draft';
import { fullName } from '@/features/employees/lib/names';
import { errorMessage } from '@/lib/notify';
import { AddRoleSheet } from './add-role-sheet';

const route = getRouteApi('/_app/employees/add');

/**
 * /employees/add: a person joins the team on no channel yet (name and an optional Telegram link, as in a channel's
 * flow), then 'Сотрудник добавлен' offers a channel with a role and conditions, or nothing more. What is typed outlives
 * a reload of the tab; 'Сотрудник добавлен' replaces the form in the history, so Back from it leaves the flow.
 */
export function NewMemberScreen() {
  const search = route.useSearch();
  if (search.step === 'done' && search.employee) return <MemberAdded id={search.employee} />;
  return <NewMemberForm />;
}

function NewMemberForm() {
  const navigate = route.useNavigate();
  const create = useCreateEmployee();
  const [initial] = useState(() => readDraft('team').person);
  const keep = useCallback((person: NewPerson) => writeDraft('team', { person }), []);
  // Leaving the form (a confirmed 'Выйти без сохранения?', or done) ends the draft; a reload runs no cleanup.
  useEffect(() => () => clearDraft('team'), []);

  const submit = (person: NewPerson) => {
    if (create.isPending) return;
    const { firstName, secondName } = splitName(person.name);
    create.mutate(
      {
        firstName,
        secondName,
        ...(person.telegramNickName
          ? { employeeTelegramInfo: { telegramNickName: person.telegramNickName } }
          : {}),
      },
      {
        onSuccess: ({ id }) => {
          clearDraft('team');
          void navigate({ search: { step: 'done', employee: id }, replace: true });
        },
      },
    );
  };

  return (
    <>
      <ScreenHeader title="Новый сотрудник" back={{ to: '/employees' }} />
      <NewPersonForm
        initial={initial}
        onChange={keep}
        submitLabel="Добавить сотрудника"
        pendingLabel="Добавляем…"
        pending={create.isPending || create.isSuccess}
        problem={
          create.isError ? (
            <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-4">
              {errorMessage(create.error)}
            </p>
          ) : null
        }
        onSubmit={submit}
      />
    </>
  );
}

function MemberAdded({ id }: { id: number }) {
  const navigate = route.useNavigate();
  const employee = useEmployee(id);
  const [assigning, setAssigning] = useState(false);

  // Someone else's id in a hand-made address, or a person removed since: start again.
  if (employee.isError) return <Navigate to="/employees/add" replace />;
  const name = employee.data ? fullName(employee.data) : '';

  return (
    <>
      <ScreenHeader title="Добавить сотрудника" back={{ to: '/employees' }} />
      {employee.data ? (
        <EmployeeAdded
          name={name}
          iconLink={employee.data.iconLink}
          text={`${name} теперь в команде. Назначьте сотрудника на канал с ролью и условиями или сделайте это позже на его странице.`}
        >
          <Button size="lg" onClick={() => setAssigning(true)}>
            Назначить на канал
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/employees">Готово</Link>
          </Button>
        </EmployeeAdded>
      ) : (
        <Spinner className="py-12" />
      )}
      <AddRoleSheet
        employeeId={id}
        open={assigning}
        onOpenChange={setAssigning}
        onAdded={() => void navigate({ to: '/employees/$id', params: { id: String(id) }, replace: true })}
      />
    </>
  );
}
