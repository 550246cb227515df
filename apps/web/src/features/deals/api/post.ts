import type { DealKind, Post, PublicReport } from '@addesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';

// A deal's post (issue 36, docs/decisions/031): what is known of it, a reading asked for, the bot's candidates of a
// sale, and the public report's link. Under the deal's detail key: a saved deal (a new link) makes the post stale too.

export const postQueryKey = (kind: DealKind, id: number) =>
  [...dealsQueryKeys.detail(kind, id), 'post'] as const;

export const postQueryOptions = (kind: DealKind, id: number) =>
  queryOptions({
    queryKey: postQueryKey(kind, id),
    queryFn: ({ signal }) => apiRequest<Post>('GET', `/${kind}/${id}/post`, { signal }),
  });

export function usePost(kind: DealKind, id: number) {
  return useQuery(postQueryOptions(kind, id));
}

/** POST /api/{kind}/{id}/post/refresh: answers when the reading runs (now, or after the channel's pause). */
export function useRefreshPost(kind: DealKind, id: number) {
  return useMutation({
    mutationFn: () => apiRequest<{ checkAt: string }>('POST', `/${kind}/${id}/post/refresh`),
    meta: { silentError: true },
  });
}

export type PostCandidate = { link: string; publishedAt: string; text: string };

/** GET /api/sale/{id}/post/candidates: our channel's posts the bot saw near the placement. */
export function usePostCandidates(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...postQueryKey('sale', id), 'candidates'],
    queryFn: ({ signal }) => apiRequest<PostCandidate[]>('GET', `/sale/${id}/post/candidates`, { signal }),
    enabled,
  });
}

/** POST /api/{kind}/{id}/report-link (a new link; the old one stops working) and DELETE to revoke it. */
export function useReportLink(kind: DealKind, id: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: postQueryKey(kind, id) });
  const create = useMutation({
    mutationFn: () => apiRequest<{ url: string }>('POST', `/${kind}/${id}/report-link`),
    meta: { silentError: true },
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: () => apiRequest('DELETE', `/${kind}/${id}/report-link`),
    meta: { silentError: true },
    onSuccess: refresh,
  });
  return { create, revoke };
}

/** GET /api/report/{token}: one placement for the other side, without a session. */
export const publicReportQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['report', token] as const,
    queryFn: ({ signal }) => apiRequest<PublicReport>('GET', `/report/${token}`, { signal }),
    retry: false,
  });
