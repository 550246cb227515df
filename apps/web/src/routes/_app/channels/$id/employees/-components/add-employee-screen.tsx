import { getRouteApi, Navigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  type AddEmployeeDraft,
  type CardDraft,
  clearDraft,
  type NewPerson,
  readDraft,
  writeDraft,
} from '@/features/employees/lib/add-employee-draft';
import { parseId } from '@/lib/ids';
import { type AddedEmployee, EmployeeAddedStep } from './employee-added-step';
import { EmployeeCardStep } from './employee-card-step';
import { NewEmployeeStep } from './new-employee-step';
import { SelectEmployeeStep } from './select-employee-step';

const route = getRouteApi('/_app/channels/$id/employees/add');

/**
 * /channels/{id}/employees/add (spec §2.10, decision 005): choose a team member or create a new person, fill the
 * employee card, see 'Сотрудник добавлен'. A new person and the card are a draft of the flow until the card is sent:
 * nothing is written before 'Добавить сотрудника', and then everything at once. The draft outlives a reload of the
 * tab (session storage) and ends with the flow: on success, or when the user leaves it.
 */
export function AddEmployeeScreen() {
  const params = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // The parent route lets only a well-formed id through.
  const channelId = parseId(params.id) ?? 0;
  const flow = useMemo(() => ({ channelId }), [channelId]);
  const [draft, setDraft] = useState<AddEmployeeDraft>(() => readDraft(flow));
  const [added, setAdded] = useState<AddedEmployee>();

  const keep = useCallback(
    (change: (old: AddEmployeeDraft) => AddEmployeeDraft) =>
      setDraft((old) => {
        const next = change(old);
        writeDraft(flow, next);
        return next;
      }),
    [flow],
  );
  const keepPerson = useCallback((person: NewPerson) => keep((old) => ({ ...old, person })), [keep]);
  const keepCard = useCallback((card: CardDraft) => keep((old) => ({ ...old, card })), [keep]);
  // Leaving the flow (a confirmed 'Выйти без сохранения?', a finished add) ends its draft; a reload runs no cleanup.
  useEffect(() => () => clearDraft(flow), [flow]);

  if (search.step === 'done') {
    // Opened from history or a bookmark: nothing was added on this visit.
    if (!added)
      return <Navigate to="/channels/$id/employees/add" params={{ id: params.id }} search={{}} replace />;
    return <EmployeeAddedStep channelId={params.id} added={added} />;
  }

  // Back from 'Сотрудник добавлен' lands on a step of the finished flow: leave it rather than show an empty form.
  if (added) return <Navigate to="/channels/$id/employees" params={{ id: params.id }} replace />;

  if (search.step === 'card') {
    const person = search.employee
      ? ({ kind: 'member', id: search.employee } as const)
      : draft.person?.name
        ? ({ kind: 'new', draft: draft.person } as const)
        : undefined;
    // No person typed in this tab: ask for them.
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
        initial={draft.card}
        onChange={keepCard}
        onAdded={(result) => {
          clearDraft(flow);
          setAdded(result);
          void navigate({ search: { step: 'done' }, replace: true });
        }}
      />
    );
  }

  if (search.step === 'new') {
    return (
      <NewEmployeeStep
        channelId={params.id}
        initial={draft.person}
        onChange={keepPerson}
        onContinue={(person) => {
          keepPerson(person);
          void navigate({ search: { step: 'card' } });
        }}
      />
    );
  }

  return <SelectEmployeeStep channelId={channelId} />;
}
