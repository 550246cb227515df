import { getRouteApi, Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import { parseId } from '@/lib/ids';
import { type AddedEmployee, EmployeeAddedStep } from './employee-added-step';
import { EmployeeCardStep } from './employee-card-step';
import { NewEmployeeStep, type NewPerson } from './new-employee-step';
import { SelectEmployeeStep } from './select-employee-step';

const route = getRouteApi('/_app/channels/$id/employees/add');

/**
 * /channels/{id}/employees/add (spec §2.10, decision 005): choose a team member or create a new person, fill the
 * employee card, see 'Сотрудник добавлен'. A new person stays in memory until the card is sent: nothing is written
 * before 'Добавить сотрудника', and then everything is written at once.
 */
export function AddEmployeeScreen() {
  const params = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // The parent route lets only a well-formed id through.
  const channelId = parseId(params.id) ?? 0;
  const [draft, setDraft] = useState<NewPerson>();
  const [added, setAdded] = useState<AddedEmployee>();

  if (search.step === 'done') {
    // Opened from history or a bookmark: nothing was added on this visit.
    if (!added)
      return <Navigate to="/channels/$id/employees/add" params={{ id: params.id }} search={{}} replace />;
    return <EmployeeAddedStep channelId={params.id} added={added} />;
  }

  if (search.step === 'card') {
    const person = search.employee
      ? ({ kind: 'member', id: search.employee } as const)
      : draft
        ? ({ kind: 'new', draft } as const)
        : undefined;
    // A new person is kept in memory only: after a reload, ask for them again.
    if (!person)
      return (
        <Navigate
          to="/channels/$id/employees/add"
          params={{ id: params.id }}
          search={{ step: 'new' }}
          replace
        />
      );
    return (
      <EmployeeCardStep
        channelId={channelId}
        person={person}
        onAdded={(result) => {
          setAdded(result);
          // Forgotten once the success step shows: going back then starts a new person from scratch.
          void navigate({ search: { step: 'done' }, replace: true }).then(() => setDraft(undefined));
        }}
      />
    );
  }

  if (search.step === 'new') {
    return (
      <NewEmployeeStep
        channelId={params.id}
        initial={draft}
        onContinue={(person) => {
          setDraft(person);
          void navigate({ search: { step: 'card' } });
        }}
      />
    );
  }

  return <SelectEmployeeStep channelId={channelId} />;
}
