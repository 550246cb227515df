import { dealNumberRules } from './deal.js';

/**
 * Filter conditions of decisions D3 (RSQL style): `=bt=(a,b)` inclusive range, `=ge=a`, `=le=a`, `=gt=a`, `=lt=a`,
 * `==a`. Prices are numbers, dates yyyy-MM-dd. The period picker writes `=bt=(start,end)`.
 */
export type Condition<T> = { op: 'bt'; from: T; to: T } | { op: 'ge' | 'le' | 'gt' | 'lt' | 'eq'; value: T };

const PATTERN = /^(?:=bt=\(([^,()]+),([^,()]+)\)|=(ge|le|gt|lt)=([^,()]+)|==([^,()]+))$/;

export function parseCondition<T>(
  text: string,
  value: (raw: string) => T | undefined,
): Condition<T> | undefined {
  const match = PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, btFrom, btTo, op, opValue, eqValue] = match;
  if (btFrom !== undefined && btTo !== undefined) {
    const from = value(btFrom.trim());
    const to = value(btTo.trim());
    return from !== undefined && to !== undefined ? { op: 'bt', from, to } : undefined;
  }
  const raw = (opValue ?? eqValue)?.trim();
  const parsed = raw === undefined ? undefined : value(raw);
  if (parsed === undefined) return undefined;
  return { op: (op as 'ge' | 'le' | 'gt' | 'lt' | undefined) ?? 'eq', value: parsed };
}

/**
 * The largest id of each kind of column: records have bigint ids (read as JS numbers, exact up to 2^53), reference
 * lists (statuses, formats, roles...) smallint ones. A larger id cannot exist, and PostgreSQL would refuse it with
 * an error instead of finding nothing.
 */
export const MAX_RECORD_ID = Number.MAX_SAFE_INTEGER;
export const MAX_REFERENCE_ID = 32_767;
/** How many ids one list filter takes, and how long a condition or a search text may be. */
export const MAX_FILTER_IDS = 50;
export const MAX_FILTER_TEXT = 100;

/** A list filter's ids, `3` or `3,5,8` (blank parts and 'all' skipped), each a whole number from 1 to `max`. */
export function parseIdList(list: string, max: number): number[] | undefined {
  const ids = list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== 'all')
    .map(Number);
  const valid = ids.length > 0 && ids.length <= MAX_FILTER_IDS;
  return valid && ids.every((n) => Number.isInteger(n) && n > 0 && n <= max) ? ids : undefined;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A yyyy-MM-dd that names a day of the calendar (not 2026-02-30). */
const isRealDate = (raw: string) => {
  if (!DATE.test(raw)) return false;
  const [year, month, day] = raw.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

export const priceValue = (raw: string) => {
  const n = Number(raw);
  return raw !== '' && Number.isFinite(n) && n >= 0 && n <= dealNumberRules.price.max ? n : undefined;
};
export const dateValue = (raw: string) => (isRealDate(raw) ? raw : undefined);

/** The value a period picker stores for an inclusive range of days. */
export const betweenDates = (from: string, to: string) => `=bt=(${from},${to})`;

/** Query values that mean "no filter" (spec §5): empty, whitespace, 'all'. */
export const isBlankFilter = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && (value.trim() === '' || value.trim() === 'all'));
