import type { DealKind, DealMarking, OrdWork } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { markingQueryKey } from './marking';

/**
 * POST /api/{kind}/{id}/marking/register (issue 35): queues the deal's registration with the team's ОРД (person,
 * contract, pad, creative). Answers 202 with the registration, which the card shows at once and then follows by
 * polling the marking until the ОРД answers; 400 when the marking is not ready or the team has no key.
 */
export function useRegisterMarking(kind: DealKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ registration: OrdWork }>('POST', `/${kind}/${id}/marking/register`),
    // The card shows the failure beside its button.
    meta: { silentError: true },
    onSuccess: ({ registration }) => {
      queryClient.setQueryData<DealMarking>(markingQueryKey(kind, id), (old) =>
        old ? { ...old, registration } : old,
      );
      void queryClient.invalidateQueries({ queryKey: markingQueryKey(kind, id), exact: true });
    },
  });
}
