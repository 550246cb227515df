import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGetGuarded } from '@/lib/api-client';
import { isReferenceItems } from '@/lib/guards';
import { referenceQueryKeys } from './get-channel-roles';

/** GET /api/paymentMethodType/all: how an employee can be paid (card, СБП, ...). */
export function getPaymentMethodTypes(signal?: AbortSignal) {
  return apiGetGuarded('/paymentMethodType/all', isReferenceItems, { signal });
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
