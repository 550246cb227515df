import { parseId } from '@/lib/ids';

/** The new-deal routes' search: `?from=5` is 'Повторить' of deal 5 (issue 33); anything else repeats nothing. */
export type NewDealSearch = { from?: number };

export function validateNewDealSearch(search: Record<string, unknown>): NewDealSearch {
  const from = parseId(String(search.from ?? ''));
  return from === undefined ? {} : { from };
}
