import type { DealKind } from '@addesk/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  calendarQueryKeys,
  channelsQueryKeys,
  clientsQueryKeys,
  dealsQueryKeys,
  employeesQueryKeys,
  financeQueryKeys,
  payrollQueryKeys,
  scheduleQueryKeys,
} from './query-keys';

// What a write makes stale, by write, for the writes whose answers show up in more than one area: the mutation
// refetches these (`invalidate`) after it succeeds. Keys of one area alone stay with the call that writes them.

/**
 * A deal of this kind created, changed, deleted or restored: its lists and their totals, the clients' figures, the
 * calendar's day marks, the schedule and the finance screen (a price or a deal date moves money).
 */
export const afterDealWrite = (kind: DealKind): QueryKey[] => [
  dealsQueryKeys.lists(kind),
  dealsQueryKeys.summaries(kind),
  clientsQueryKeys.all,
  calendarQueryKeys.all,
  scheduleQueryKeys.all,
  financeQueryKeys.all,
];

/**
 * A payment of a deal written or removed: the deal (its paid sum and state) with its payments, the kind's lists and
 * their totals, the clients' figures and everything of the finance screen.
 */
export const afterPaymentWrite = (kind: DealKind, id: number): QueryKey[] => [
  dealsQueryKeys.detail(kind, id),
  dealsQueryKeys.lists(kind),
  dealsQueryKeys.summaries(kind),
  clientsQueryKeys.all,
  financeQueryKeys.all,
];

/** A payout recorded or taken back: the pay of the period and /finance's salaries. */
export const afterPayoutWrite = (): QueryKey[] => [payrollQueryKeys.all, financeQueryKeys.all];

/** A role on a channel given or taken away: the team (its channel icons) and the channel's employee list. */
export const afterAssignmentWrite = (channelId: number): QueryKey[] => [
  employeesQueryKeys.team(),
  channelsQueryKeys.employees(channelId),
];

/** A person added to a channel: every employee query (the dashboard card included) and the channel's employee list. */
export const afterChannelEmployeeAdd = (channelId: number): QueryKey[] => [
  employeesQueryKeys.all,
  channelsQueryKeys.employees(channelId),
];

/** Refetches (or marks stale) every query under these keys; resolves once those on screen are fetched again. */
export const invalidate = (queryClient: QueryClient, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
