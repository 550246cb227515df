import type { DealKind } from '@addesk/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { DealListQuery } from '../lib/deal-search';
import { dealSummaryQueryOptions } from './get-deal-summary';
import { dealPagesQueryOptions } from './get-deals';

/**
 * What a deal list's route starts loading before its screen shows (started, not awaited: the screen has its own
 * spinner): the first page and the totals line side by side. The totals sit above the list; asked for only once the
 * screen had drawn, they came after it and pushed it down (a layout shift, issue 38).
 */
export function prefetchDealList(
  queryClient: QueryClient,
  kind: DealKind,
  list: DealListQuery,
  channelId?: number,
) {
  void queryClient.prefetchInfiniteQuery(dealPagesQueryOptions(kind, list, channelId));
  void queryClient.prefetchQuery(dealSummaryQueryOptions(kind, list.filters, channelId));
}
