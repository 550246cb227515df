import type { InvitationCreated } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { membersQueryKeys } from '@/lib/query-keys';

/**
 * POST /api/employee/{id}/invite (201): a new one-time link for the person, valid 7 days; the one before stops
 * working. The link is shown only now: the server keeps its hash alone.
 */
export function createInvitation(employeeId: number) {
  return apiRequest<InvitationCreated>('POST', `/employee/${employeeId}/invite`);
}

/** DELETE /api/employee/{id}/invite (204): 'Отозвать'. */
export function revokeInvitation(employeeId: number) {
  return apiRequest('DELETE', `/employee/${employeeId}/invite`);
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: (_link, employeeId) =>
      queryClient.invalidateQueries({ queryKey: membersQueryKeys.membership(employeeId) }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: (_nothing, employeeId) =>
      queryClient.invalidateQueries({ queryKey: membersQueryKeys.membership(employeeId) }),
  });
}
