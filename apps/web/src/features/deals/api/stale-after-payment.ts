import type { DealKind } from '@addesk/contract';
import type { QueryClient } from '@tanstack/react-query';
import { financeQueryKeys } from '@/features/finance';
import { dealQueryKey } from './get-deal';
import { dealsQueryKeys } from './query-keys';

/**
 * What a payment written or removed makes stale: the deal (its paid sum and state) with its payments, the kind's
 * lists and their totals, and everything of the finance screen.
 */
export const invalidateAfterPayment = (queryClient: QueryClient, kind: DealKind, id: number) =>
  Promise.all(
    [
      dealQueryKey(kind, id),
      dealsQueryKeys.lists(kind),
      dealsQueryKeys.summaries(kind),
      financeQueryKeys.all,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
