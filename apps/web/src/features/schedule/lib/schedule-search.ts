import { type DealKind, dateValue, dealKinds, MAX_SCHEDULE_DAYS } from '@addesk/contract/plain';
import type { SearchSchemaInput } from '@tanstack/react-router';
import { type Day, shiftDay } from '@/components/ui/period-picker-lib';

/**
 * The search params of /content and /channels/{id}/content: the period (days of the team's zone), the kind, the
 * channel (on /content only) and the month view. No zod here: a route module is first-load code (web README), so
 * the routes validate with this plain function; the server checks the same values with the contract's
 * `scheduleQuery`.
 */
export type ScheduleSearch = {
  from?: Day;
  to?: Day;
  kind?: DealKind;
  channelId?: number;
  /** 'month': the month grid with the number of placements per day instead of the agenda. */
  view?: 'month';
};

export type ScheduleSearchInput = Partial<Record<keyof ScheduleSearch, unknown>> & SearchSchemaInput;

/** What the agenda shows without a period in the address: today and the next 13 days. */
export const DEFAULT_DAYS = 14;

const asDay = (raw: unknown): Day | undefined =>
  typeof raw === 'string' && dateValue(raw) !== undefined ? raw : undefined;

function asId(raw: unknown): number | undefined {
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Keeps what the address may say and drops the rest (a stale or hand-typed link shows the default agenda). */
export function validateScheduleSearch(input: ScheduleSearchInput): ScheduleSearch {
  const from = asDay(input.from);
  const to = asDay(input.to);
  const kind = dealKinds.find((k) => k === input.kind);
  const channelId = asId(input.channelId);
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(kind ? { kind } : {}),
    ...(channelId ? { channelId } : {}),
    ...(input.view === 'month' ? { view: 'month' as const } : {}),
  };
}

/** What the schedule call asks for: a period of at most MAX_SCHEDULE_DAYS (both ends included), the kind, and the channel (a channel's page fixes it). */
export type ScheduleFilters = { from: Day; to: Day; kind?: DealKind; channelId?: number };

export function scheduleFilters(search: ScheduleSearch, today: Day, channelId?: number): ScheduleFilters {
  const start = search.from ?? today;
  const end = search.to ?? shiftDay(start, DEFAULT_DAYS - 1);
  const [from, to] = end < start ? [end, start] : [start, end];
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  const chosen = channelId ?? search.channelId;
  return {
    from,
    to: shiftDay(from, Math.min(days, MAX_SCHEDULE_DAYS - 1)),
    ...(search.kind ? { kind: search.kind } : {}),
    ...(chosen === undefined ? {} : { channelId: chosen }),
  };
}
