import type { DealKind, DealMarking, DealMarkingInput } from '@addesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';

// A deal's marking (issue 35, decisions D6): who registers the ad, erid, advertiser, contract and creative, the state,
// what is missing and the text to paste. Under the deal's detail key, like the post.

export const markingQueryKey = (kind: DealKind, id: number) =>
  [...dealsQueryKeys.detail(kind, id), 'marking'] as const;

export const markingQueryOptions = (kind: DealKind, id: number) =>
  queryOptions({
    queryKey: markingQueryKey(kind, id),
    queryFn: ({ signal }) => apiRequest<DealMarking>('GET', `/${kind}/${id}/marking`, { signal }),
  });

/** How often the card asks again while the registration waits in the queue for the ОРД. */
export const REGISTRATION_POLL_MS = 2_000;

/** The marking, asked again every 2 s while its registration is queued, and no more once it is done or failed. */
export function useMarking(kind: DealKind, id: number) {
  return useQuery({
    ...markingQueryOptions(kind, id),
    refetchInterval: (query) =>
      query.state.data?.registration?.status === 'queued' ? REGISTRATION_POLL_MS : false,
  });
}

/** PUT /api/{kind}/{id}/marking with the whole marking: answers it as saved, which the card shows at once. */
export function useSaveMarking(kind: DealKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealMarkingInput) =>
      apiRequest<DealMarking>('PUT', `/${kind}/${id}/marking`, { body }),
    // The form shows the failure under its fields or above 'Сохранить'.
    meta: { silentError: true },
    onSuccess: (saved) => queryClient.setQueryData(markingQueryKey(kind, id), saved),
  });
}
