import { type DealNumberRule, dealNumberRules, parseTelegramLink, readDealNumber } from '@addesk/contract';
import { daysInMonth, twoDigits } from '../../lib/dates.js';
import type { ReadCell } from '../../lib/files/read-table.js';

// Values as people write them in a spreadsheet (issue 37): days in the Russian, ISO and Excel ways, times, money with
// spaces, commas and currency words, yes/no for 'paid', names without regard to case and 'ё'. Each reader answers the
// value, null for an empty cell, or the Russian reason (after the quoted cell: '«12 5ОО» — не число').

export type Read<T> = { value: T } | { error: string };

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** Excel's day numbers of 1900-01-01 and 2099-12-31: a bare number in a date column outside them is no date. */
const FIRST_SERIAL = 2;
const LAST_SERIAL = 73_050;

/** The text of a cell as the user sees it; our own CSV's apostrophe before a formula-like text is taken off. */
export function cellText(cell: ReadCell): string {
  if (cell === null) return '';
  if (typeof cell === 'string') {
    const text = cell.trim();
    return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
  }
  if (typeof cell === 'number') return String(cell);
  if ('excelDate' in cell) {
    const { day, minutes } = fromSerial(cell.excelDate);
    return minutes === 0 ? russianDay(day) : `${russianDay(day)} ${clock(minutes)}`;
  }
  return `=${cell.formulaWithoutValue}`;
}

/** Folded for comparing names: lower case, 'ё' as 'е', runs of spaces as one. */
export const folded = (text: string) => text.trim().toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ');

const quoted = (cell: ReadCell) => `«${cellText(cell).slice(0, 60)}»`;
const fail = (cell: ReadCell, why: string): { error: string } => ({ error: `${quoted(cell)} — ${why}` });
const NO_VALUE = 'формула без сохранённого значения: откройте файл в Excel и сохраните его';

const russianDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const clock = (minutes: number) => `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;

/** An Excel day number as a day and the minute of it (rounded: a sheet's 14:30 is 0.6041666…). */
function fromSerial(serial: number) {
  const minutesTotal = Math.round(serial * 1440);
  const days = Math.floor(minutesTotal / 1440);
  return {
    day: new Date(EXCEL_EPOCH + days * DAY_MS).toISOString().slice(0, 10),
    minutes: minutesTotal - days * 1440,
  };
}

/** yyyy-MM-dd if the parts make a real day of 1900-2099. */
function realDay(year: number, month: number, date: number): string | undefined {
  if (year < 1900 || year > 2099 || month < 1 || month > 12 || date < 1) return undefined;
  return date > daysInMonth(year, month) ? undefined : `${year}-${twoDigits(month)}-${twoDigits(date)}`;
}

const TIME = /^(\d{1,2})[:.](\d{2})(?::(\d{2}))?$/;
const RUSSIAN_DAY = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

function minutesOf(text: string): number | undefined {
  const match = TIME.exec(text);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : undefined;
}

/** A day with, if the cell has one, its time: '14.03.2025', '14.03.25 18:00', '2025-03-14T18:00', an Excel date. */
export function readDateTime(cell: ReadCell): Read<{ day: string; minutes: number | null }> | null {
  if (cell === null) return null;
  if (typeof cell === 'object' && 'formulaWithoutValue' in cell) return fail(cell, NO_VALUE);
  const serial = typeof cell === 'object' ? cell.excelDate : typeof cell === 'number' ? cell : undefined;
  if (serial !== undefined) {
    if (serial < FIRST_SERIAL || serial >= LAST_SERIAL + 1) return fail(cell, 'не дата (нужно дд.мм.гггг)');
    const { day, minutes } = fromSerial(serial);
    return { value: { day, minutes: Number.isInteger(serial) ? null : minutes } };
  }
  const text = cellText(cell);
  if (text === '') return null;
  const [dayPart = '', timePart, ...rest] = text.split(/[\sT]+/);
  if (rest.length > 0) return fail(cell, 'не дата (нужно дд.мм.гггг)');
  let day: string | undefined;
  const russian = RUSSIAN_DAY.exec(dayPart);
  const iso = ISO_DAY.exec(dayPart);
  if (russian) {
    const year = Number(russian[3]);
    // A two-digit year is this century's: nobody imports deals of the 1920s.
    day = realDay(year < 100 ? 2000 + year : year, Number(russian[2]), Number(russian[1]));
  } else if (iso) {
    day = realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  } else {
    return fail(cell, 'не дата (нужно дд.мм.гггг)');
  }
  if (!day) return fail(cell, 'нет такой даты');
  if (timePart === undefined) return { value: { day, minutes: null } };
  const minutes = minutesOf(timePart.replace(/Z$|[+-]\d{2}:?\d{2}$/, ''));
  return minutes === undefined ? fail(cell, 'не время (нужно ЧЧ:ММ)') : { value: { day, minutes } };
}

/** A day alone (a time in the cell is ignored). */
export function readDay(cell: ReadCell): Read<string> | null {
  const read = readDateTime(cell);
  return read && ('error' in read ? read : { value: read.value.day });
}

/** A time of day: '18:00', '9.30', an Excel time (a fraction of a day) or the time of an Excel date. */
export function readTime(cell: ReadCell): Read<number> | null {
  if (cell === null) return null;
  if (typeof cell === 'object' && 'formulaWithoutValue' in cell) return fail(cell, NO_VALUE);
  const serial = typeof cell === 'object' ? cell.excelDate : typeof cell === 'number' ? cell : undefined;
  if (serial !== undefined) {
    return serial >= 0 ? { value: fromSerial(serial).minutes } : fail(cell, 'не время (нужно ЧЧ:ММ)');
  }
  const text = cellText(cell);
  if (text === '') return null;
  const minutes = minutesOf(text);
  return minutes === undefined ? fail(cell, 'не время (нужно ЧЧ:ММ)') : { value: minutes };
}

const CURRENCY = /(руб(лей|ля|ль)?\.?|р\.|₽|rub\.?|rur)/gi;
const shortMessages = (rule: DealNumberRule) =>
  new Map([
    [rule.messages.notNumber, 'не число'],
    [rule.messages.negative, 'меньше нуля'],
    [rule.messages.tooBig, 'больше 1 000 000 000 руб'],
    [rule.messages.tooManyDecimals ?? '', 'больше двух знаков после запятой'],
  ]);
const priceMessages = shortMessages(dealNumberRules.price);

/**
 * Money as written: '12 500', '12 500,50', '12500.5 ₽', '15 000 руб', '1,234,567.89', '12.500,50'; read by the price's
 * rule (plain/deal.ts), the one the form reads typed money with.
 */
export function readMoney(cell: ReadCell): Read<number> | null {
  if (cell === null) return null;
  if (typeof cell === 'object') {
    return 'formulaWithoutValue' in cell ? fail(cell, NO_VALUE) : fail(cell, 'не число');
  }
  let text = typeof cell === 'number' ? String(cell) : cellText(cell).replace(CURRENCY, '');
  text = text.replace(/[\s\u00a0\u202f']/g, '');
  if (text === '') return typeof cell === 'string' && cell.trim() === '' ? null : fail(cell, 'не число');
  const comma = text.lastIndexOf(',');
  const point = text.lastIndexOf('.');
  // Both marks: the last one is the decimal one ('1,234.50', '1.234,50'); one mark many times groups thousands.
  if (comma >= 0 && point >= 0) {
    const decimal = comma > point ? ',' : '.';
    text = text.replaceAll(decimal === ',' ? '.' : ',', '').replace(',', '.');
  } else if (text.indexOf(',') !== comma || text.indexOf('.') !== point) {
    text = text.replace(/[.,]/g, '');
  }
  const read = readDealNumber(dealNumberRules.price, text);
  return 'error' in read ? fail(cell, priceMessages.get(read.error) ?? 'не число') : read;
}

const YES = new Set([
  'да',
  'yes',
  '+',
  'оплачено',
  'оплачена',
  'оплачен',
  'полностью',
  'true',
  'истина',
  '✓',
  '✔',
  'v',
]);
const NO = new Set(['нет', 'no', '-', '—', 'не оплачено', 'не оплачена', 'false', 'ложь', '0']);

/** What was paid: money, or a yes (the whole price) or a no (nothing). */
export function readPaid(cell: ReadCell): Read<number | 'all'> | null {
  const text = folded(cellText(cell));
  if (YES.has(text)) return { value: 'all' };
  if (NO.has(text)) return { value: 0 };
  return readMoney(cell);
}

/**
 * A counterpart as typed in the form: a Telegram link or @name in the cell is its username, the rest its name
 * ('Маркетинг @marketing_ru' is the name 'Маркетинг' with that username).
 */
export function readCounterpart(cell: ReadCell): Read<{ name: string; username?: string }> | null {
  const text = cellText(cell);
  if (text === '') return null;
  const link = /(?:https?:\/\/)?(?:t\.me|telegram\.me)\/[^\s]+|@[a-z][a-z0-9_]{3,31}/i.exec(text);
  const parsed = link && parseTelegramLink(link[0]);
  if (link && parsed?.ok) {
    const name = text
      .replace(link[0], '')
      .replace(/[()[\],;]+/g, ' ')
      .trim();
    return name.length > 200
      ? fail(cell, 'длиннее 200 символов')
      : { value: { name, username: parsed.username } };
  }
  return text.length > 200 ? fail(cell, 'длиннее 200 символов') : { value: { name: text } };
}
