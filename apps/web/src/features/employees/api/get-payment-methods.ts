import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { employeesQueryKeys } from './get-team';

/** GET /api/employee/{id}/paymentMethods: the employee's requisites. */
export function getPaymentMethods(employeeId: number, signal?: AbortSignal) {
  return apiGet(`/employee/${employeeId}/paymentMethods`, (c) => c.listOf(c.paymentMethodSchema), { signal });
}

export const paymentMethodsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: employeesQueryKeys.paymentMethods(employeeId),
    queryFn: ({ signal }) => getPaymentMethods(employeeId, signal),
  });

export function usePaymentMethods(employeeId: number) {
  return useQuery(paymentMethodsQueryOptions(employeeId));
}
