import { wallClock } from '@/lib/format';

/** A day as the date wheels hold it (spec §3 "Form values": date {day, month, year}); month 1..12. */
export type DateParts = { day: number; month: number; year: number };
/** A time as the time wheels hold it (spec §3: time {hours, minutes}). */
export type TimeParts = { hours: number; minutes: number };

/** Spec §5: day 1..31, month 1..12, year 1995..2055. */
export const DATE_LIMITS = {
  day: { min: 1, max: 31 },
  month: { min: 1, max: 12 },
  year: { min: 1995, max: 2055 },
} as const;

const clamp = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Number.isFinite(value) ? Math.trunc(value) : min));

/** n mod size, never negative: 24 -> 0, -1 -> 23 for hours. */
const wrap = (value: number, size: number) => {
  const whole = Number.isFinite(value) ? Math.trunc(value) : 0;
  return ((whole % size) + size) % size;
};

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Spec §5: the day is clamped to 1..31, the month to 1..12, the year to 1995..2055; then the day to the length of
 * that month, so the wheels can never hold 31 February.
 */
export function clampDate(date: DateParts): DateParts {
  const year = clamp(date.year, DATE_LIMITS.year.min, DATE_LIMITS.year.max);
  const month = clamp(date.month, DATE_LIMITS.month.min, DATE_LIMITS.month.max);
  const day = Math.min(clamp(date.day, DATE_LIMITS.day.min, DATE_LIMITS.day.max), daysInMonth(year, month));
  return { day, month, year };
}

/** Spec §5: hours wrap modulo 24, minutes modulo 60. */
export function wrapTime(time: TimeParts): TimeParts {
  return { hours: wrap(time.hours, 24), minutes: wrap(time.minutes, 60) };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Whether the parts name a day of the calendar (not 30 February). */
export function isValidDate(date: DateParts): boolean {
  return (
    Number.isInteger(date.year) &&
    Number.isInteger(date.month) &&
    Number.isInteger(date.day) &&
    date.month >= 1 &&
    date.month <= 12 &&
    date.day >= 1 &&
    date.day <= daysInMonth(date.year, date.month)
  );
}

/** 'yyyy-MM-dd', the API's day (spec §3 saleDate / purchaseDate). */
export function toIsoDay(date: DateParts): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** '2025-03-05' -> {5, 3, 2025}. */
export function fromIsoDay(text: string): DateParts {
  const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = text.slice(0, 10).split('-').map(Number);
  return { day, month, year };
}

/** '05.03.2025' (spec §1). */
export function formatDateParts(date: DateParts): string {
  return `${pad(date.day)}.${pad(date.month)}.${pad(date.year, 4)}`;
}

/** '14:30' */
export function formatTimeParts(time: TimeParts): string {
  return `${pad(time.hours)}:${pad(time.minutes)}`;
}

export { pad as padNumber };

/** An instant on the team's clock (decisions D5); the epoch's for an unreadable one, which the server never sends. */
export const teamWallClock = (value: Date | string) =>
  wallClock(value) ?? { date: { day: 1, month: 1, year: 1970 }, time: { hours: 0, minutes: 0 } };

/** Today on the team's clock. */
export const teamToday = () => teamWallClock(new Date()).date;
