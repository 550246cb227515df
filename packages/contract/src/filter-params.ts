import { isBlankFilter, parseCondition } from './plain/conditions.js';
import { z } from './zod.js';

/** The filter parameters of the list endpoints, as zod schemas; the grammar they read is in ./conditions.ts. */

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
