import type { CurrentTariff } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { freshFor } from '@/lib/query-client';
import { tariffsQueryKeys } from '@/lib/query-keys';

/** GET /api/tariff/current: the team's tariff now (null: none), its channel limit and use, whether a trial is left. */
export function getCurrentTariff(signal?: AbortSignal) {
  return apiRequest<CurrentTariff>('GET', '/tariff/current', { signal });
}

export const currentTariffQueryOptions = () =>
  queryOptions({
    queryKey: tariffsQueryKeys.current(),
    queryFn: ({ signal }) => getCurrentTariff(signal),
    // Channels come and go on other screens, and an operator may grant a tariff: ask again on each visit, unless
    // the answer is a few seconds old (the preload on touching the link).
    staleTime: freshFor(10_000),
  });

export function useCurrentTariff() {
  return useQuery(currentTariffQueryOptions());
}
