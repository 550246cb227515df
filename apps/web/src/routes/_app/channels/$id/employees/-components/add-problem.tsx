import { cardFieldOfServerField } from '@/features/employees/lib/employee-forms';
import { sortServerFieldErrors } from '@/lib/form-errors';
import { errorMessage } from '@/lib/notify';

/** Labels of the server's field errors that have no field on the card (the new person was typed on step 2). */
const otherFieldLabels: Record<string, string> = {
  'employee.name': 'Имя сотрудника',
  'employee.telegramNickName': 'Ссылка на профиль',
  'employee.id': 'Сотрудник',
};

/** Why adding failed: the server's message, or what it said about fields that are not on this step. */
export function AddProblem({ error }: { error: unknown }) {
  const { placed, elsewhere } = sortServerFieldErrors(error, cardFieldOfServerField);
  let message: string;
  if (elsewhere.length > 0)
    message = elsewhere.map(([field, text]) => `${otherFieldLabels[field] ?? field}: ${text}`).join('. ');
  else if (placed.length === 0) message = errorMessage(error);
  else message = 'Проверьте поля, отмеченные красным';
  return (
    <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-4">
      {message}
    </p>
  );
}
