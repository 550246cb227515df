import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { employeesQueryKeys } from '@/lib/query-keys';

export type PaymentMethodDelete = { id: number; employeeId: number };

/** DELETE /api/paymentMethod/{id} (204). */
export function deletePaymentMethod({ id }: PaymentMethodDelete) {
  return apiRequest('DELETE', `/paymentMethod/${id}`);
}

/** The confirmation sheet shows a failure itself; success refreshes the employee's requisites. */
export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    meta: { silentError: true },
    onSuccess: (_nothing, { employeeId }) =>
      queryClient.invalidateQueries({ queryKey: employeesQueryKeys.paymentMethods(employeeId) }),
  });
}
