import type { PaymentMethod } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { employeesQueryKeys } from '@/lib/query-keys';

export type PaymentMethodCreate = {
  employeeId: number;
  paymentMethodTypeId: number;
  credentials: string;
  description?: string;
};

/** POST /api/paymentMethod (201): new requisites of an employee. */
export function createPaymentMethod(body: PaymentMethodCreate) {
  return apiRequest<PaymentMethod>('POST', '/paymentMethod', { body, idempotent: true });
}

/** The sheet shows a failure under its fields; success refreshes the employee's requisites. */
export function useCreatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentMethod,
    meta: { silentError: true },
    onSuccess: (_created, { employeeId }) =>
      queryClient.invalidateQueries({ queryKey: employeesQueryKeys.paymentMethods(employeeId) }),
  });
}
