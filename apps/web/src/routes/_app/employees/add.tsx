import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@/lib/ids';
import { NewMemberScreen } from './-components/new-member-screen';

/**
 * 'Добавить сотрудника' on /employees: the new person's form, then `step=done` with the person added (their id in
 * the address, so a reload of 'Сотрудник добавлен' still shows them).
 */
export type NewMemberSearch = { step?: 'done'; employee?: number };

// A plain function rather than a zod schema: route modules are on the first-load path.
function validateNewMemberSearch(search: Record<string, unknown>): NewMemberSearch {
  const employee = parseId(String(search.employee ?? ''));
  return search.step === 'done' && employee !== undefined ? { step: 'done', employee } : {};
}

export const Route = createFileRoute('/_app/employees/add')({
  validateSearch: validateNewMemberSearch,
  component: NewMemberScreen,
});
