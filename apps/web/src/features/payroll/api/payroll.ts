import type { EmployeePayroll, Payout, PayoutCreate, Payroll } from '@addesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { payrollQueryKeys } from '@/lib/query-keys';
import { afterPayoutWrite, invalidate } from '@/lib/stale';

export type PayrollPeriod = { from: string; to: string };

/** GET /api/payroll: each person's pay in the period (docs/decisions/026). */
export const payrollQueryOptions = (period: PayrollPeriod) =>
  queryOptions({
    queryKey: payrollQueryKeys.period(period),
    queryFn: ({ signal }) => apiRequest<Payroll>('GET', '/payroll', { query: period, signal }),
  });

export function usePayroll(period: PayrollPeriod) {
  return useQuery(payrollQueryOptions(period));
}

/** GET /api/employee/{id}/payroll: one person's pay with the deals behind it and the payouts. */
export function useEmployeePayroll(employeeId: number, period: PayrollPeriod, enabled: boolean) {
  return useQuery({
    queryKey: payrollQueryKeys.person(employeeId, period),
    queryFn: ({ signal }) =>
      apiRequest<EmployeePayroll>('GET', `/employee/${employeeId}/payroll`, { query: period, signal }),
    enabled,
  });
}

/** A payout changes the pay of the period and /finance's salaries: both are read again. */
function useAfterPayoutWrite() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, afterPayoutWrite());
}

/** POST /api/employee/{id}/payouts (201): 'Выплатить', to the person's requisites when chosen. */
export function usePayout(employeeId: number) {
  const onSuccess = useAfterPayoutWrite();
  return useMutation({
    mutationFn: (body: PayoutCreate) =>
      apiRequest<Payout>('POST', `/employee/${employeeId}/payouts`, { body, idempotent: true }),
    meta: { silentError: true },
    onSuccess,
  });
}

/** DELETE /api/employee/{id}/payouts/{payoutId} (204): a payout recorded by mistake. */
export function useDeletePayout(employeeId: number) {
  const onSuccess = useAfterPayoutWrite();
  return useMutation({
    mutationFn: (payoutId: number) =>
      apiRequest<void>('DELETE', `/employee/${employeeId}/payouts/${payoutId}`),
    meta: { silentError: true },
    onSuccess,
  });
}
