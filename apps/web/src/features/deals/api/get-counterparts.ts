import type { Contact, DealKind, ExternalChannel } from '@addesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type Page } from '@/lib/api-client';
import { dealsQueryKeys } from '@/lib/query-keys';

/** The two kinds of counterpart a deal names: the other side's channel and the person we deal with. */
export type CounterpartList = 'externalChannels' | 'contacts';

/** How many saved counterparts the picker shows for a search. */
export const COUNTERPARTS_LIMIT = 20;

/**
 * GET /api/{kind}/externalChannels?q=&limit= or /api/{kind}/contacts?q=&limit=: the team's saved counterparts whose
 * name or username contains q, one page.
 */
export type CounterpartPage = Page<ExternalChannel | Contact>;

export function getCounterparts(
  kind: DealKind,
  list: CounterpartList,
  q: string,
  signal?: AbortSignal,
): Promise<CounterpartPage> {
  const query = { q: q.trim().slice(0, 100), limit: COUNTERPARTS_LIMIT };
  return list === 'externalChannels'
    ? apiRequest<Page<ExternalChannel>>('GET', `/${kind}/externalChannels`, { query, signal })
    : apiRequest<Page<Contact>>('GET', `/${kind}/contacts`, { query, signal });
}

export const counterpartsQueryOptions = (kind: DealKind, list: CounterpartList, q: string) =>
  queryOptions({
    queryKey: dealsQueryKeys.counterparts(kind, list, q.trim()),
    queryFn: ({ signal }) => getCounterparts(kind, list, q, signal),
  });

export function useCounterparts(
  kind: DealKind,
  list: CounterpartList,
  q: string,
  options: { enabled?: boolean } = {},
) {
  // The previous answer stays while the next search loads, so the list does not blink at every letter.
  return useQuery({
    ...counterpartsQueryOptions(kind, list, q),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
