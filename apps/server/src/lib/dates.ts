import { wallClockParts } from '@addesk/contract';

export const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** Calendar months in UTC (JavaScript's overflow rule: 31 January + 1 month is 3 March). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

// The server's one clock (decisions D5): every day is cut in the team's zone, an IANA name from teams.time_zone, as
// the calendar roll-up (migration 0008) cuts it. Nothing here depends on the machine's zone.

const HOUR_MS = 60 * 60 * 1000;

/** How far `timeZone` is ahead of UTC at a whole second, read from Intl (a few microseconds each). */
function offsetByIntl(second: number, timeZone: string): number {
  const { year, month, day, hour, minute, second: s } = wallClockParts(second, timeZone);
  return Date.UTC(year, month - 1, day, hour, minute, s) - second;
}

// A zone's offset by UTC hour (a map per zone, keyed by the hour's number), NaN for an hour in which it changes:
// checking an import's rows reads several offsets a row, and Intl was 60 % of the check (issue 38). The same offset at
// an hour's first and last second is the offset all through it: no zone's clocks were ever changed twice within an
// hour.
const hourOffsets = new Map<string, Map<number, number>>();
const HOURS_KEPT = 100_000;

/** How far `timeZone` is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const second = instant - (instant % 1000);
  const hour = Math.floor(second / HOUR_MS) * HOUR_MS;
  let zone = hourOffsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    hourOffsets.set(timeZone, zone);
  }
  let offset = zone.get(hour);
  if (offset === undefined) {
    const first = offsetByIntl(hour, timeZone);
    offset = first === offsetByIntl(hour + HOUR_MS - 1000, timeZone) ? first : Number.NaN;
    if (zone.size >= HOURS_KEPT) zone.clear();
    zone.set(hour, offset);
  }
  return Number.isNaN(offset) ? offsetByIntl(second, timeZone) : offset;
}

/** The wall-clock time of an instant in `timeZone`, read as if it were UTC (milliseconds dropped). */
function wallTime(instant: number, timeZone: string): number {
  const second = instant - (instant % 1000);
  return second + offsetAt(second, timeZone);
}

/**
 * The instant a wall time (given as if it were UTC) happens in `timeZone`. A wall time the clocks show twice is the
 * earlier instant; one they skip (a spring-forward gap) is read with the offset before the gap, so it lands after it.
 */
function zonedInstant(wall: number, timeZone: string): number {
  const before = wall - offsetAt(wall - DAY_MS, timeZone);
  const after = wall - offsetAt(wall + DAY_MS, timeZone);
  // One offset a day either side: `before` is the answer whether or not it fits (the checks below would choose it).
  if (before === after) return before;
  const beforeFits = wallTime(before, timeZone) === wall;
  const afterFits = wallTime(after, timeZone) === wall;
  if (beforeFits && afterFits) return Math.min(before, after);
  return afterFits ? after : before;
}

/** The instant a calendar day (yyyy-MM-dd) begins in `timeZone`. */
export const dayStart = (day: string, timeZone: string) =>
  new Date(zonedInstant(Date.parse(`${day}T00:00:00Z`), timeZone));

/** The instant a day's wall-clock time (hours and minutes) happens in `timeZone`. */
export const atWallTime = (day: string, hours: number, minutes: number, timeZone: string) =>
  new Date(zonedInstant(Date.parse(`${day}T00:00:00Z`) + (hours * 60 + minutes) * 60_000, timeZone));

/** The calendar day (yyyy-MM-dd) an instant falls on in `timeZone`, not in UTC nor the machine's zone. */
export const dayOf = (instant: Date, timeZone: string) =>
  new Date(wallTime(instant.getTime(), timeZone)).toISOString().slice(0, 10);

/** The calendar day `days` after `day` (before, if negative), as yyyy-MM-dd. */
export const shiftDay = (day: string, days: number) =>
  addDays(new Date(`${day}T00:00:00Z`), days)
    .toISOString()
    .slice(0, 10);

/** The calendar day after `day`, as yyyy-MM-dd. */
export const nextDay = (day: string) => shiftDay(day, 1);

/** The instants the calendar days `from` to `to` (both included) cover in `timeZone`: [start, end). */
export const daysSpan = (from: string, to: string, timeZone: string) => ({
  start: dayStart(from, timeZone),
  end: dayStart(nextDay(to), timeZone),
});

/** A number of 0-99 as two digits: '07'. */
export const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The days of a month (1-12) of the Gregorian calendar: counted, not through a Date, as a file's every row asks. */
export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] ?? 0);
}

/**
 * An instant as ISO 8601 with the offset `timeZone` has then (`2026-11-24T15:30:00+03:00`): the wall time the
 * team reads and the exact instant in one string. An offset with seconds (local mean time before the 1920s) is
 * rounded to a minute, and the wall time with it, so the string still names the same instant.
 */
export function isoInZone(instant: Date, timeZone: string): string {
  const at = instant.getTime();
  const offsetMinutes = Math.round(offsetAt(at, timeZone) / 60_000);
  const wall = new Date(at + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const size = Math.abs(offsetMinutes);
  return `${wall}${sign}${twoDigits(Math.floor(size / 60))}:${twoDigits(size % 60)}`;
}

/** The same wall-clock time `days` calendar days later in `timeZone` (23 or 25 hours across a DST change). */
export function addZonedDays(instant: Date, days: number, timeZone: string): Date {
  const wall = wallTime(instant.getTime(), timeZone);
  return new Date(zonedInstant(wall + days * DAY_MS, timeZone) + (instant.getTime() % 1000));
}
