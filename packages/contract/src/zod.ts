import { z } from 'zod';
import { MAX_RECORD_ID, MAX_REFERENCE_ID } from './plain/conditions.js';
import { EMPTY_FIELD, tooLong } from './plain/fields.js';

// Every validation message a user can see is Russian: zod's own messages come from its ru locale,
// the product's texts (spec §5) are given explicitly where a field needs them.
z.config(z.locales.ru());

export { z };

// PostgreSQL's text cannot hold a NUL character: such a value must be refused here, not by the database (a 500).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is exactly what this pattern refuses
const NO_NUL = /^[^\u0000]*$/;

/**
 * Every text a request carries: trimmed, at most `max` characters, no NUL. The one way a request schema takes text,
 * so a new field is bounded by default (test/plugins/input-bounds.test.ts holds every route to it).
 */
export const text = (max: number, message = tooLong(max)) =>
  z.string().trim().max(max, message).regex(NO_NUL, 'Недопустимый символ в тексте');

/** A link to a picture or a page: http(s) only, so no `javascript:` or `data:` address reaches a page's markup. */
export const webLink = (max = 1000) =>
  text(max).pipe(z.url({ protocol: /^https?$/, error: 'Нужна ссылка, начинающаяся с http:// или https://' }));

/** Trimmed, non-empty, bounded text: the shape of every name-like field a user types. */
export const requiredText = (max: number) => text(max).min(1, EMPTY_FIELD);

// Years a date may carry. PostgreSQL has no year 0, and a far year breaks the calendar's day arithmetic; deals are
// dated within this century and the last.
const YEAR_1900_2099 = /^(?:19|20)\d\d-/;
const YEAR_MESSAGE = 'Год должен быть от 1900 до 2099';

/** A calendar day, yyyy-MM-dd. */
export const day = (error = 'Некорректная дата') =>
  z.iso.date({ error }).max(10, error).regex(YEAR_1900_2099, YEAR_MESSAGE);

/** An instant with its offset, ISO 8601 (`2026-03-10T14:30:00+03:00`). */
export const instant = (error: string) =>
  z.iso.datetime({ offset: true, error }).max(40, error).regex(YEAR_1900_2099, YEAR_MESSAGE);

const INVALID_ID = 'Некорректный идентификатор';
/** Path and query ids: positive integers up to `max`, given as strings in URLs. */
const urlId = (max: number) =>
  z.coerce.number({ error: INVALID_ID }).int(INVALID_ID).positive(INVALID_ID).max(max, INVALID_ID);

export const idSchema = urlId(MAX_RECORD_ID);
export const referenceIdParam = urlId(MAX_REFERENCE_ID);

export const idParams = z.object({ id: idSchema });
export const referenceIdParams = z.object({ id: referenceIdParam });

/** Ids of reference lists in a body: small integers; anything else is not on the list. */
export const referenceId = (message = EMPTY_FIELD) =>
  z
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(MAX_REFERENCE_ID, 'Выберите значение из списка');

/** The version a client read (optimistic concurrency); an int4 column. */
export const versionField = z
  .number({ error: 'Нужна версия записи' })
  .int('Нужна версия записи')
  .positive('Нужна версия записи')
  .max(2_147_483_647, 'Нужна версия записи');

// biome-ignore lint/suspicious/noExplicitAny: any object shape is walked the same way
type AnyObject = z.ZodObject<any>;

/** A field's schema with every object inside it (in a union, or under optional, nullable or default) read the same way. */
function deepen(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodObject) return nullMeansAbsent(field);
  if (field instanceof z.ZodUnion) return z.union(field.options.map((option) => deepen(option as z.ZodType)));
  if (field instanceof z.ZodOptional) return deepen(field.unwrap() as z.ZodType).optional();
  if (field instanceof z.ZodNullable) return deepen(field.unwrap() as z.ZodType).nullable();
  if (field instanceof z.ZodDefault)
    return deepen(field.unwrap() as z.ZodType).default(field.def.defaultValue);
  return field;
}

/**
 * A request body in which every optional field may also be `null`, read as not given (or as its default): the old
 * front end's clients send `null` for a value they do not know (`externalUserId: null`). Fields that give `null` a
 * meaning of their own (a contact removed) already accept it and keep that meaning. Every request body of the
 * contract is built with this (test/plugins/input-bounds.test.ts holds every route to it).
 */
export function nullMeansAbsent<T extends AnyObject>(schema: T): T {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, value] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const field = deepen(value);
    const optional = field.safeParse(undefined).success;
    shape[key] =
      optional && !field.safeParse(null).success
        ? field.nullable().transform((given) => (given === null ? field.parse(undefined) : given))
        : field;
  }
  return schema.extend(shape) as T;
}
