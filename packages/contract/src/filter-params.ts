import {
  isBlankFilter,
  MAX_FILTER_TEXT,
  MAX_RECORD_ID,
  MAX_REFERENCE_ID,
  parseCondition,
  parseIdList,
} from './plain/conditions.js';
import { dealSearchText } from './plain/telegram.js';
import { text, z } from './zod.js';

/** The filter parameters of the list endpoints, as zod schemas; the grammar they read is in ./conditions.ts. */

const blankToUndefined = (value: unknown) => (isBlankFilter(value) ? undefined : value);

export const conditionParam = <T>(value: (raw: string) => T | undefined, example: string) =>
  z.preprocess(
    blankToUndefined,
    text(MAX_FILTER_TEXT)
      .transform((condition, ctx) => {
        const parsed = parseCondition(condition, value);
        if (parsed) return parsed;
        ctx.addIssue({ code: 'custom', message: `Непонятное условие: ожидается, например, ${example}` });
        return z.NEVER;
      })
      .optional(),
  );

/** One id or several joined by commas, `3` or `3,5,8`, each at most `max`. */
const idList = (max: number) =>
  z.preprocess(
    blankToUndefined,
    text(500)
      .transform((list, ctx) => {
        const ids = parseIdList(list, max);
        if (ids) return ids;
        ctx.addIssue({ code: 'custom', message: 'Ожидается номер или несколько номеров через запятую' });
        return z.NEVER;
      })
      .optional(),
  );

/** Ids of records (channels, employees, counterparts). */
export const idListParam = idList(MAX_RECORD_ID);
/** Ids of reference lists (statuses, ad types). */
export const referenceIdListParam = idList(MAX_REFERENCE_ID);

/** A search text: trimmed, blank means no search; a Telegram link or @mention is the name it points to. */
export const searchParam = z.preprocess(
  blankToUndefined,
  text(MAX_FILTER_TEXT, `Не длиннее ${MAX_FILTER_TEXT} символов`).transform(dealSearchText).optional(),
);
