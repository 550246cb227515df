import { createFileRoute, notFound } from '@tanstack/react-router';
import { assignedChannelsQueryOptions } from '@/features/employees/api/get-assigned-channels';
import { employeeQueryOptions } from '@/features/employees/api/get-employee';
import { paymentMethodsQueryOptions } from '@/features/employees/api/get-payment-methods';
import { parseId } from '@/lib/ids';
import { EmployeeScreen } from './-components/employee-screen';

export const Route = createFileRoute('/_app/employees/$id')({
  // An id that cannot exist is 'Not Found' before any call is made.
  beforeLoad: ({ params }) => {
    if (parseId(params.id) === undefined) throw notFound();
  },
  // Started, not awaited: each part of the page shows its own loading and errors.
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === undefined) return;
    void context.queryClient.prefetchQuery(employeeQueryOptions(id));
    void context.queryClient.prefetchQuery(assignedChannelsQueryOptions(id));
    void context.queryClient.prefetchQuery(paymentMethodsQueryOptions(id));
  },
  component: EmployeeScreen,
});
