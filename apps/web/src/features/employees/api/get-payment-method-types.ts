import type { ReferenceItem } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { referenceQueryKeys } from '@/lib/query-keys';

/** GET /api/paymentMethodType/all: how an employee can be paid (card, СБП, ...). */
export function getPaymentMethodTypes(signal?: AbortSignal) {
  return apiRequest<ReferenceItem[]>('GET', '/paymentMethodType/all', { signal });
}

export const paymentMethodTypesQueryOptions = () =>
  queryOptions({
    queryKey: referenceQueryKeys.paymentMethodTypes,
    queryFn: ({ signal }) => getPaymentMethodTypes(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePaymentMethodTypes() {
  return useQuery(paymentMethodTypesQueryOptions());
}
