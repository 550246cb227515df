import { createFileRoute } from '@tanstack/react-router';
import { channelEmployeesQueryOptions } from '@/features/channels/api/get-channel-employees';
import { teamPagesQueryOptions } from '@/features/employees/api/get-team';
import { parseId } from '@/lib/ids';
import { AddEmployeeScreen } from './-components/add-employee-screen';

/**
 * The steps of spec §2.10 as search parameters, so the phone's back gesture goes back one step:
 * none (selection), `step=new` (create), `step=card` with `employee` (a team member) or without it (the new person
 * kept in memory), `step=done` (success).
 */
export type AddEmployeeSearch = {
  step?: 'new' | 'card' | 'done';
  employee?: number;
};

const steps = new Set<unknown>(['new', 'card', 'done']);

// A plain function rather than a zod schema: route modules are on the first-load path.
function validateAddEmployeeSearch(search: Record<string, unknown>): AddEmployeeSearch {
  const step = steps.has(search.step) ? (search.step as AddEmployeeSearch['step']) : undefined;
  const employee = parseId(String(search.employee ?? ''));
  return { step, employee: step === 'card' ? employee : undefined };
}

export const Route = createFileRoute('/_app/channels/$id/employees/add')({
  validateSearch: validateAddEmployeeSearch,
  // Started, not awaited: each step shows its own loading and errors.
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === undefined) return;
    void context.queryClient.prefetchQuery(channelEmployeesQueryOptions(id));
    void context.queryClient.prefetchInfiniteQuery(teamPagesQueryOptions());
  },
  component: AddEmployeeScreen,
});
