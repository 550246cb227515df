import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dashboardFinanceQuery } from '@/routes/_app/dashboard/-components/dashboard-queries';
import {
  calendarQueryKeys,
  dealsQueryKeys,
  financeQueryKeys,
  payrollQueryKeys,
  scheduleQueryKeys,
} from './query-keys';
import { afterDealWrite, afterPayoutWrite, invalidate } from './stale';

/** Fills a client with these queries, invalidates `keys`, and answers which of the queries went stale. */
async function staleAfter(keys: readonly QueryKey[], queries: readonly QueryKey[]) {
  const queryClient = new QueryClient();
  for (const queryKey of queries) queryClient.setQueryData(queryKey, {});
  await invalidate(queryClient, keys);
  return queries.map((queryKey) => queryClient.getQueryState(queryKey)?.isInvalidated);
}

describe('afterDealWrite', () => {
  it("makes stale every query a sale can show up in, and the sale itself, but not the purchases' or fixed lists", async () => {
    const stale: QueryKey[] = [
      dealsQueryKeys.list('sale', { channelId: 3 }),
      dealsQueryKeys.summary('sale', { from: '2026-03-01' }),
      calendarQueryKeys.range('2026-03-01', '2026-03-31'),
      scheduleQueryKeys.list({ day: '2026-03-05' }),
      scheduleQueryKeys.conflicts({ channelId: 3 }),
      financeQueryKeys.debts(undefined),
      // The dashboard's 'Финансы' tile.
      dashboardFinanceQuery().queryKey,
      dealsQueryKeys.detail('sale', 5),
    ];
    const kept: QueryKey[] = [
      dealsQueryKeys.list('purchase', {}),
      dealsQueryKeys.summary('purchase', {}),
      dealsQueryKeys.statuses('sale'),
      dealsQueryKeys.detail('sale', 6),
    ];

    const invalidated = await staleAfter(
      [...afterDealWrite('sale'), dealsQueryKeys.detail('sale', 5)],
      [...stale, ...kept],
    );

    expect(invalidated).toEqual([...stale.map(() => true), ...kept.map(() => false)]);
  });
});

describe('afterPayoutWrite', () => {
  it("makes the period's pay and the finance screen stale, and no deal", async () => {
    const period = { from: '2026-03-01', to: '2026-03-31' };
    const queries = [
      payrollQueryKeys.period(period),
      payrollQueryKeys.person(7, period),
      dashboardFinanceQuery().queryKey,
      dealsQueryKeys.list('sale', {}),
    ];
    expect(await staleAfter(afterPayoutWrite(), queries)).toEqual([true, true, true, false]);
  });
});
