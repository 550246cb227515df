import type { DealKind } from '@addesk/contract';
import { calendarQueryKeys } from '@/features/filters';
import { scheduleQueryKeys } from '@/features/schedule';
import { dealsQueryKeys } from './query-keys';

/** What a created or changed deal of this kind makes stale: its lists, the calendar's day marks and the schedule. */
export const staleAfterWrite = (kind: DealKind) => [
  dealsQueryKeys.lists(kind),
  calendarQueryKeys.all,
  scheduleQueryKeys.all,
];
