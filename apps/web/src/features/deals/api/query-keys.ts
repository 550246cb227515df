import type { DealKind } from '@addesk/contract';
import { calendarQueryKeys } from '@/features/calendar';
import { scheduleQueryKeys } from '@/features/schedule';

/**
 * Every deal query lives under ['deals']. Creating or editing a sale invalidates ['deals', 'sale'] (its lists),
 * ['calendar'] (the period picker's icons) and the schedule (/content, the slot warnings);
 * `dealsQueryKeys.changed(kind)` lists them.
 */
export const dealsQueryKeys = {
  all: ['deals'] as const,
  kind: (kind: DealKind) => ['deals', kind] as const,
  lists: (kind: DealKind) => ['deals', kind, 'list'] as const,
  list: (kind: DealKind, query: Record<string, string | number>) => ['deals', kind, 'list', query] as const,
  statuses: (kind: DealKind) => ['deals', kind, 'statuses'] as const,
  /** What a created or changed deal of this kind makes stale. */
  changed: (kind: DealKind) => [
    ['deals', kind, 'list'] as const,
    calendarQueryKeys.all,
    scheduleQueryKeys.all,
  ],
};
