import type { CurrentTariff } from '@addesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tariffsQueryKeys } from '@/lib/query-keys';

/** POST /api/tariff/trial (201): the account's one trial; 409 when it was used or another tariff runs. */
export function startTrial() {
  return apiRequest<CurrentTariff>('POST', '/tariff/trial');
}

/** Starts the trial and keeps the answer as the current tariff. The trial screen shows a refusal itself. */
export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrial,
    meta: { silentError: true },
    onSuccess: (current) => queryClient.setQueryData(tariffsQueryKeys.current(), current),
    // Refused: the screen's picture of the tariff was out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: tariffsQueryKeys.current() }),
  });
}
