import type { PaymentMethod } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { employeesQueryKeys } from '@/lib/query-keys';

/** GET /api/employee/{id}/paymentMethods: the employee's requisites. */
export function getPaymentMethods(employeeId: number, signal?: AbortSignal) {
  return apiRequest<PaymentMethod[]>('GET', `/employee/${employeeId}/paymentMethods`, { signal });
}

export const paymentMethodsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: employeesQueryKeys.paymentMethods(employeeId),
    queryFn: ({ signal }) => getPaymentMethods(employeeId, signal),
  });

export function usePaymentMethods(employeeId: number) {
  return useQuery(paymentMethodsQueryOptions(employeeId));
}
