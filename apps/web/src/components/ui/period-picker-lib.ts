import { betweenDates, dateValue, parseCondition } from '@addesk/contract/plain';
import { formatDay, monthNames } from '@/lib/format';

/**
 * The logic of the period picker (spec §2.7), apart from its look so it can be tested day by day.
 * A day is a 'yyyy-MM-dd' string: a calendar day of the user's zone, never an instant.
 */
export type Day = string;

/** A chosen period: nothing, a start waiting for its end (after the first tap), or both ends, from <= to. */
export type DayRange = { from?: Day; to?: Day };

export const weekdayNames = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

const DAY_MS = 86_400_000;

/**
 * A day as the UTC midnight it starts at, or undefined when it is not a real day. Days are counted in UTC, which
 * knows no daylight saving: a day plus one is the next day in any zone the device is in.
 */
function dayStart(day: Day): number | undefined {
  return dateValue(day) === undefined ? undefined : Date.parse(`${day}T00:00:00Z`);
}

const dayAt = (time: number): Day => new Date(time).toISOString().slice(0, 10);

/** Its year, its month (1..12) and its day of the month. */
const partsOf = (day: Day) => day.split('-').map(Number) as [year: number, month: number, date: number];

/** Monday 0 ... Sunday 6. */
const weekdayOf = (time: number) => (new Date(time).getUTCDay() + 6) % 7;

const monthStart = (year: number, month: number) => Date.UTC(year, month - 1, 1);
const monthEnd = (year: number, month: number) => Date.UTC(year, month, 0);

/** Today in the user's zone (Europe/Moscow unless told otherwise). */
export function todayDay(now: Date = new Date(), timeZone?: string): Day {
  return formatDay(now, timeZone);
}

export function shiftDay(day: Day, days: number): Day {
  const start = dayStart(day);
  return start === undefined ? day : dayAt(start + days * DAY_MS);
}

/** The first day of the month a day is in: the key of a shown month. */
export function monthOf(day: Day): Day {
  return `${day.slice(0, 7)}-01`;
}

export function shiftMonth(month: Day, months: number): Day {
  if (dayStart(month) === undefined) return month;
  const [year, number] = partsOf(month);
  return dayAt(monthStart(year, number + months));
}

/** 'Март 2026': the month's name in the nominative, capitalised, and the year. */
export function monthTitle(month: Day): string {
  if (dayStart(month) === undefined) return '';
  return `${monthNames.nominative[partsOf(month)[1] - 1]} ${month.slice(0, 4)}`;
}

/** '3 марта 2026': a day as a screen reader says it. */
export function dayTitle(day: Day): string {
  if (dayStart(day) === undefined) return day;
  const [, month, date] = partsOf(day);
  return `${date} ${monthNames.genitive[month - 1]} ${day.slice(0, 4)}`;
}

/** The days a month shows: Monday first, from the Monday before the 1st to the Sunday after the last day. */
export function monthGrid(month: Day): Day[] {
  if (dayStart(month) === undefined) return [];
  const [year, number] = partsOf(month);
  const first = monthStart(year, number) - weekdayOf(monthStart(year, number)) * DAY_MS;
  const last = monthEnd(year, number) + (6 - weekdayOf(monthEnd(year, number))) * DAY_MS;
  return Array.from({ length: Math.round((last - first) / DAY_MS) + 1 }, (_, i) => dayAt(first + i * DAY_MS));
}

/** The days a month's grid runs over, first to last: what the calendar call asks for. */
export function gridRange(month: Day): { from: Day; to: Day } {
  const days = monthGrid(month);
  return { from: days[0] ?? month, to: days[days.length - 1] ?? month };
}

/**
 * A tap on a day: the first starts a range, the second ends it (the earlier of the two days becomes the start),
 * a third starts a new range.
 */
export function tapDay(range: DayRange, day: Day): DayRange {
  if (range.from === undefined || range.to !== undefined) return { from: day };
  return range.from <= day ? { from: range.from, to: day } : { from: day, to: range.from };
}

export type PeriodPreset = 'yesterday' | 'today' | 'week' | 'month';

export const periodPresets: ReadonlyArray<{ id: PeriodPreset; label: string }> = [
  { id: 'yesterday', label: 'Вчера' },
  { id: 'today', label: 'Сегодня' },
  { id: 'week', label: 'Текущая неделя' },
  { id: 'month', label: 'Текущий месяц' },
];

/** The days of a preset, seen from `today`: the current week is Monday to Sunday, the month its 1st to its last day. */
export function presetRange(preset: PeriodPreset, today: Day): { from: Day; to: Day } {
  const start = dayStart(today);
  if (start === undefined) return presetRange(preset, todayDay());
  switch (preset) {
    case 'yesterday': {
      const yesterday = shiftDay(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'today':
      return { from: today, to: today };
    case 'week': {
      const monday = shiftDay(today, -weekdayOf(start));
      return { from: monday, to: shiftDay(monday, 6) };
    }
    case 'month': {
      const [year, month] = partsOf(today);
      return { from: dayAt(monthStart(year, month)), to: dayAt(monthEnd(year, month)) };
    }
  }
}

/**
 * The filter value of a range: '=bt=(start,end)' (decisions D3); a lone start is that one day; nothing is no filter.
 */
export function periodValue(range: DayRange): string | undefined {
  if (range.from === undefined) return undefined;
  return betweenDates(range.from, range.to ?? range.from);
}

/** The range a filter value stands for: '=bt=(a,b)' and '==a' (one day); anything else is no range. */
export function parsePeriod(value: string | undefined): DayRange {
  if (!value) return {};
  const condition = parseCondition(value, dateValue);
  if (!condition) return {};
  if (condition.op === 'bt') {
    return condition.from <= condition.to
      ? { from: condition.from, to: condition.to }
      : { from: condition.to, to: condition.from };
  }
  if (condition.op === 'eq') return { from: condition.value, to: condition.value };
  return {};
}

/** '03 мар': a day as the period label shows it. */
export function shortDay(day: Day): string {
  if (dayStart(day) === undefined) return day;
  const [, month, date] = partsOf(day);
  return `${String(date).padStart(2, '0')} ${monthNames.short[month - 1]}`;
}

export const ALL_TIME = 'За все время';

/**
 * The period filter's label (spec §2.7): 'За все время' when empty, 'Сегодня' or 'Вчера' for those single days,
 * otherwise 'dd MMM – dd MMM' in Russian ('03 мар – 17 мар').
 */
export function periodLabel(value: string | undefined, today: Day = todayDay()): string {
  if (!value) return ALL_TIME;
  const range = parsePeriod(value);
  if (range.from === undefined || range.to === undefined) {
    // A condition the picker does not write (=ge=, =lt=, ...), typed into the address: say it as it is.
    return value;
  }
  if (range.from === range.to) {
    if (range.from === today) return 'Сегодня';
    if (range.from === shiftDay(today, -1)) return 'Вчера';
  }
  return `${shortDay(range.from)} – ${shortDay(range.to)}`;
}
