import { z } from './zod.js';

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

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (raw: string) => DATE.test(raw) && z.iso.date().safeParse(raw).success;

export const priceValue = (raw: string) => {
  const n = Number(raw);
  return raw !== '' && Number.isFinite(n) && n >= 0 && n <= 1e9 ? n : undefined;
};
export const dateValue = (raw: string) => (isRealDate(raw) ? raw : undefined);

/** The value a period picker stores for an inclusive range of days. */
export const betweenDates = (from: string, to: string) => `=bt=(${from},${to})`;

/** Query values that mean "no filter" (spec §5): empty, whitespace, 'all'. */
export const isBlankFilter = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && (value.trim() === '' || value.trim() === 'all'));

const blankToUndefined = (value: unknown) => (isBlankFilter(value) ? undefined : value);

export const conditionParam = <T>(value: (raw: string) => T | undefined, example: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(100)
      .transform((text, ctx) => {
        const parsed = parseCondition(text, value);
        if (parsed) return parsed;
        ctx.addIssue({ code: 'custom', message: `Непонятное условие: ожидается, например, ${example}` });
        return z.NEVER;
      })
      .optional(),
  );

/** One id or several joined by commas: `3` or `3,5,8`. */
export const idListParam = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(500)
    .transform((text, ctx) => {
      const parts = text
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '' && p !== 'all');
      const ids = parts.map(Number);
      if (ids.length > 0 && ids.length <= 50 && ids.every((n) => Number.isSafeInteger(n) && n > 0))
        return ids;
      ctx.addIssue({ code: 'custom', message: 'Ожидается номер или несколько номеров через запятую' });
      return z.NEVER;
    })
    .optional(),
);
