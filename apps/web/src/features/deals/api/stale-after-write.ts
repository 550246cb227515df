import type { DealKind } from '@addesk/contract';
import { calendarQueryKeys } from '@/features/filters';
import { financeQueryKeys } from '@/features/finance';
import { scheduleQueryKeys } from '@/features/schedule';
import { dealsQueryKeys } from './query-keys';

/**
 * What a created or changed deal of this kind makes stale: its lists and their totals, the calendar's day marks, the
 * schedule and the finance screen (a price or a deal date moves money).
 */
export const staleAfterWrite = (kind: DealKind) => [
  dealsQueryKeys.lists(kind),
  dealsQueryKeys.summaries(kind),
  calendarQueryKeys.all,
  scheduleQueryKeys.all,
  financeQueryKeys.all,
];
