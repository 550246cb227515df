import { timeZoneShortName, type WallClockParts, wallClockParts } from '@addesk/contract/plain';

// Money is written by the contract's one rule, the server's messages alike ('12 500 руб', '−3 000 руб').
export { formatCount, formatMoney } from '@addesk/contract/plain';

import { formatCount } from '@addesk/contract/plain';

/** The zone dates are shown in until the team's zone is known (decisions D5). */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

let teamZone: string = DEFAULT_TIME_ZONE;

/**
 * The web's one clock (decisions D5): the team's zone (GET /api/settings `timeZone`), which every date and time
 * below is shown, taken and cut into days in unless a caller names another zone.
 */
export const teamTimeZone = () => teamZone;

/** Called with the settings' `timeZone` whenever they arrive or change. */
export function setTeamTimeZone(timeZone: string) {
  teamZone = timeZone;
}

const NBSP = '\u00a0';

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Moscow has kept UTC+3 all year since 26.10.2014, 02:00 local time. */
const MOSCOW_FIXED_SINCE = Date.UTC(2014, 9, 25, 22);
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/**
 * The wall-clock fields of an instant in `timeZone`; undefined for an invalid date. Moscow times since its last
 * change of offset (every deal's, in practice) are a sum: creating the Intl formatter for the zone costs about 20 ms
 * of a phone's main thread.
 */
function zonedParts(date: Date, timeZone: string): WallClockParts | undefined {
  const time = date.getTime();
  if (Number.isNaN(time)) return undefined;
  if (timeZone === 'Europe/Moscow' && time >= MOSCOW_FIXED_SINCE) {
    const wall = new Date(time + MOSCOW_OFFSET_MS);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    };
  }
  return wallClockParts(date, timeZone);
}

/** An instant's date and time on the wall clock of `timeZone` (the team's by default); undefined for an invalid date. */
export function wallClock(
  value: DateInput,
  timeZone: string = teamTimeZone(),
):
  | { date: { day: number; month: number; year: number }; time: { hours: number; minutes: number } }
  | undefined {
  const parts = zonedParts(toDate(value), timeZone);
  if (!parts) return undefined;
  return {
    date: { day: parts.day, month: parts.month, year: parts.year },
    time: { hours: parts.hour, minutes: parts.minute },
  };
}

const HOUR_MS = 3_600_000;

/** How far `timeZone` is ahead of UTC at an instant (whole seconds), in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = zonedParts(new Date(instant), timeZone);
  if (!parts) return 0;
  const { year, month, day, hour, minute, second } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant / 1000) * 1000;
}

/**
 * A wall time of `timeZone` (the team's by default) as the API takes an instant: '2025-03-30T02:30:00+01:00'. Computed
 * with the zone's own offsets, never the device's, so it is right across either zone's daylight saving change: a wall
 * time the clocks skip is sent with the offset before the gap (it lands after it), one they show twice at its first
 * instant, as the server reads them (apps/server/src/lib/dates.ts).
 */
export function instantAt(
  day: string,
  time: { hours: number; minutes: number },
  timeZone: string = teamTimeZone(),
): string {
  const wall = Date.parse(`${day}T00:00:00Z`) + time.hours * HOUR_MS + time.minutes * 60_000;
  const fits = (offset: number) => offsetAt(wall - offset, timeZone) === offset;
  const before = offsetAt(wall - 24 * HOUR_MS, timeZone);
  const after = offsetAt(wall + 24 * HOUR_MS, timeZone);
  const offset = fits(before) && fits(after) ? Math.max(before, after) : fits(after) ? after : before;
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  return `${day}T${pad(time.hours)}:${pad(time.minutes)}:00${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

// The product's formats are all numbers, so they are written from the zone's fields directly: no date library (and
// its kilobytes) for a list of dates.
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Writes the instant's wall-clock fields in the zone; '' for an invalid date. */
function formatInZone(value: DateInput, timeZone: string, write: (parts: WallClockParts) => string): string {
  const parts = zonedParts(toDate(value), timeZone);
  return parts ? write(parts) : '';
}

const dayMonthYear = ({ day, month, year }: WallClockParts) => `${pad(day)}.${pad(month)}.${pad(year, 4)}`;
const hoursMinutes = ({ hour, minute }: WallClockParts) => `${pad(hour)}:${pad(minute)}`;

/** '05.03.2025' */
export function formatDate(value: DateInput, timeZone: string = teamTimeZone()): string {
  return formatInZone(value, timeZone, dayMonthYear);
}

/** '2025-03-05' -> '05.03.2025': a calendar day as such (a deal date), with no clock or zone involved. */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}.${month}.${year}` : day;
}

/**
 * The zone's short name ('МСК', 'НСК', 'GMT+5') when the device's clock shows another time at that instant, else '':
 * a time read on a Berlin phone says whose clock it is on (decisions D5). The device's offset comes from the `Date`
 * itself, which costs nothing, unlike asking Intl for the device's zone.
 */
export function zoneMark(value: DateInput, timeZone: string = teamTimeZone()): string {
  const instant = toDate(value).getTime();
  if (Number.isNaN(instant)) return '';
  const deviceOffset = -new Date(instant).getTimezoneOffset() * 60_000;
  return offsetAt(instant, timeZone) === deviceOffset ? '' : zoneShortName(timeZone, instant);
}

/** The zone's short name at an instant (now by default), whatever the device: 'МСК', 'НСК', 'GMT+1' in a Berlin winter. */
export function zoneShortName(timeZone: string, at: DateInput = Date.now()): string {
  return timeZoneShortName(timeZone, Math.round(offsetAt(toDate(at).getTime(), timeZone) / 60_000));
}

/** Writes a time of day with the zone's mark where the device's clock differs: '14:30', '14:30 МСК'. */
function withMark(value: DateInput, timeZone: string, write: (parts: WallClockParts) => string): string {
  const text = formatInZone(value, timeZone, write);
  const mark = text && zoneMark(value, timeZone);
  return mark ? `${text}${NBSP}${mark}` : text;
}

/** '14:30'; '14:30 МСК' on a device in another zone. */
export function formatTime(value: DateInput, timeZone: string = teamTimeZone()): string {
  return withMark(value, timeZone, hoursMinutes);
}

/** '05.03.2025, 14:30' (the product's date-and-time format, spec §1); '05.03.2025, 14:30 МСК' on a device in another zone. */
export function formatDateTime(value: DateInput, timeZone: string = teamTimeZone()): string {
  return withMark(value, timeZone, (parts) => `${dayMonthYear(parts)}, ${hoursMinutes(parts)}`);
}

/** '05.03, 14:30' (a day of the year at hand, no year); '05.03, 14:30 МСК' on a device in another zone. */
export function formatShortDateTime(value: DateInput, timeZone: string = teamTimeZone()): string {
  return withMark(
    value,
    timeZone,
    (parts) => `${pad(parts.day)}.${pad(parts.month)}, ${hoursMinutes(parts)}`,
  );
}

/** '2025-03-05': the calendar day of the instant in the zone, as the period picker names days. */
export function formatDay(value: DateInput, timeZone: string = teamTimeZone()): string {
  return formatInZone(value, timeZone, ({ year, month, day }) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`);
}

/** Russian month names, January first: alone ('Март 2026'), in a date ('3 марта 2026'), short ('03 мар'). */
export const monthNames = {
  nominative: [
    'Январь',
    'Февраль',
    'Март',
    'Апрель',
    'Май',
    'Июнь',
    'Июль',
    'Август',
    'Сентябрь',
    'Октябрь',
    'Ноябрь',
    'Декабрь',
  ],
  genitive: [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ],
  short: ['янв', 'фев', 'мар', 'апр', 'мая', 'июн', 'июл', 'авг', 'сент', 'окт', 'нояб', 'дек'],
} as const;

/** The three Russian forms of a noun: for 1 (канал), for 2-4 (канала), for 5-20 (каналов). */
export type PluralForms = readonly [one: string, few: string, many: string];

/** Picks the Russian form of a noun for a count: 1 канал, 2 канала, 5 каналов, 11 каналов, 21 канал. */
export function pluralForm(count: number, forms: PluralForms): string {
  const n = Math.abs(Math.trunc(count));
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** '5 каналов', '1 200 строк' */
export function plural(count: number, forms: PluralForms): string {
  return `${formatCount(count)}${NBSP}${pluralForm(count, forms)}`;
}

/** Up to two capital letters for an avatar without a picture: 'Иван Петров' -> 'ИП', 'маркетинг' -> 'М'. */
export function initials(...names: Array<string | null | undefined>): string {
  const words = names
    .flatMap((name) => (name ?? '').split(/\s+/))
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toLocaleUpperCase('ru-RU');
}
