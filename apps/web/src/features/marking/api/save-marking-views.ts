import type { DealKind, DealMarking } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';
import { invalidate } from '@/lib/stale';
import { markingKeys } from './marking-keys';

export type MarkingViews = { kind: DealKind; id: number; views: number | null };

/**
 * PUT /api/{sale|purchase}/{id}/marking/views (whoever may change the deal): the views to report, entered by hand; null
 * returns to the post's. Answers the deal's marking: the months, the reminder and the deal's own card read it again.
 */
export function useSaveMarkingViews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, views }: MarkingViews) =>
      apiRequest<DealMarking>('PUT', `/${kind}/${id}/marking/views`, { body: { views } }),
    // The sheet shows the failure under its field.
    meta: { silentError: true },
    onSuccess: (_marking, { kind, id }) =>
      invalidate(queryClient, [markingKeys.all, [...dealsQueryKeys.detail(kind, id), 'marking']]),
  });
}
