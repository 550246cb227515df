import type { InvitationPreview } from '@addesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { membersQueryKeys } from '@/lib/query-keys';

/**
 * GET /api/invite/{token}: who invites whom to which team, before sign-in. A link that no longer works answers 404
 * with the reason in Russian (used, expired, revoked), which the page shows as it is.
 */
export function getInvitation(token: string, signal?: AbortSignal) {
  return apiRequest<InvitationPreview>('GET', `/invite/${encodeURIComponent(token)}`, { signal });
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: membersQueryKeys.invitation(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
    staleTime: 0,
  });
