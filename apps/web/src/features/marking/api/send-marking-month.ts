import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { markingKeys } from './marking-keys';

/**
 * POST /api/marking/months/{yyyy-mm}/send (owner): queues the statistics and acts of the month's deals registered by
 * us. 202 `{queued}`; 400 'Сначала добавьте ключ API ОРД в настройках' without a key. The month is read again, so
 * each deal shows 'в очереди'.
 */
export function useSendMarkingMonth(month: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ queued: number }>('POST', `/marking/months/${month}/send`),
    // The screen shows the failure beside its button.
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: markingKeys.month(month) }),
  });
}
