import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { calendarQueryKeys } from '@/features/filters';
import { financeQueryKeys } from '@/features/finance';
import { scheduleQueryKeys } from '@/features/schedule';
import { dashboardFinanceQuery } from '@/routes/_app/dashboard/-components/dashboard-queries';
import { dealQueryKey } from './get-deal';
import { dealsQueryKeys } from './query-keys';
import { invalidateAfterWrite } from './stale-after-write-loader';

describe('invalidateAfterWrite', () => {
  it("makes stale every query a sale can show up in, and the sale itself, but not the purchases' or fixed lists", async () => {
    const queryClient = new QueryClient();
    const stale: QueryKey[] = [
      dealsQueryKeys.list('sale', { channelId: 3 }),
      dealsQueryKeys.summary('sale', { from: '2026-03-01' }),
      calendarQueryKeys.range('2026-03-01', '2026-03-31'),
      scheduleQueryKeys.list({ day: '2026-03-05' }),
      scheduleQueryKeys.conflicts({ channelId: 3 }),
      financeQueryKeys.debts(undefined),
      // The dashboard's 'Финансы' tile.
      dashboardFinanceQuery().queryKey,
      dealQueryKey('sale', 5),
    ];
    const kept: QueryKey[] = [
      dealsQueryKeys.list('purchase', {}),
      dealsQueryKeys.summary('purchase', {}),
      dealsQueryKeys.statuses('sale'),
      dealQueryKey('sale', 6),
    ];
    for (const queryKey of [...stale, ...kept]) queryClient.setQueryData(queryKey, {});

    await invalidateAfterWrite(queryClient, 'sale', dealQueryKey('sale', 5));

    const invalidated = (queryKey: QueryKey) => queryClient.getQueryState(queryKey)?.isInvalidated;
    expect(stale.map(invalidated)).toEqual(stale.map(() => true));
    expect(kept.map(invalidated)).toEqual(kept.map(() => false));
  });
});
