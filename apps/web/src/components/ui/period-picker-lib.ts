import { betweenDates, dateValue, parseCondition } from '@addesk/contract';
import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isValid,
  parse,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { ru } from 'date-fns/locale/ru';
import { formatDay } from '@/lib/format';

/**
 * The logic of the period picker (spec §2.7), apart from its look so it can be tested day by day.
 * A day is a 'yyyy-MM-dd' string: a calendar day of the user's zone, never an instant.
 */
export type Day = string;

/** A chosen period: nothing, a start waiting for its end (after the first tap), or both ends, from <= to. */
export type DayRange = { from?: Day; to?: Day };

export const WEEK_STARTS_ON = 1;
export const weekdayNames = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

const DAY = 'yyyy-MM-dd';

/** A day as a local Date at midnight (for date-fns arithmetic), or undefined when it is not a real day. */
export function dayToDate(day: Day): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = parse(day, DAY, new Date(2000, 0, 1));
  return isValid(date) ? date : undefined;
}

export function dateToDay(date: Date): Day {
  return format(date, DAY);
}

/** Today in the user's zone (Europe/Moscow unless told otherwise). */
export function todayDay(now: Date = new Date(), timeZone?: string): Day {
  return formatDay(now, timeZone);
}

export function shiftDay(day: Day, days: number): Day {
  const date = dayToDate(day);
  return date ? dateToDay(addDays(date, days)) : day;
}

/** The first day of the month a day is in: the key of a shown month. */
export function monthOf(day: Day): Day {
  return `${day.slice(0, 7)}-01`;
}

export function shiftMonth(month: Day, months: number): Day {
  const date = dayToDate(month);
  return date ? dateToDay(startOfMonth(addMonths(date, months))) : month;
}

/** 'Март 2026': the month's name in the nominative, capitalised, and the year. */
export function monthTitle(month: Day): string {
  const date = dayToDate(month);
  if (!date) return '';
  const text = format(date, 'LLLL yyyy', { locale: ru });
  return text.charAt(0).toLocaleUpperCase('ru-RU') + text.slice(1);
}

/** '3 марта 2026': a day as a screen reader says it. */
export function dayTitle(day: Day): string {
  const date = dayToDate(day);
  return date ? format(date, 'd MMMM yyyy', { locale: ru }) : day;
}

/** The days a month shows: Monday first, from the Monday before the 1st to the Sunday after the last day. */
export function monthGrid(month: Day): Day[] {
  const date = dayToDate(month);
  if (!date) return [];
  const start = startOfWeek(startOfMonth(date), { weekStartsOn: WEEK_STARTS_ON });
  const end = endOfWeek(endOfMonth(date), { weekStartsOn: WEEK_STARTS_ON });
  return eachDayOfInterval({ start, end }).map(dateToDay);
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
  const date = dayToDate(today) ?? new Date();
  switch (preset) {
    case 'yesterday': {
      const yesterday = shiftDay(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'today':
      return { from: today, to: today };
    case 'week':
      return {
        from: dateToDay(startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON })),
        to: dateToDay(endOfWeek(date, { weekStartsOn: WEEK_STARTS_ON })),
      };
    case 'month':
      return { from: dateToDay(startOfMonth(date)), to: dateToDay(endOfMonth(date)) };
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

/** '03 мар': a day as the period label shows it (date-fns's Russian 'MMM' without its abbreviation dot). */
export function shortDay(day: Day): string {
  const date = dayToDate(day);
  return date ? format(date, 'dd MMM', { locale: ru }).replace('.', '') : day;
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
