import { z } from 'zod';

// Every validation message a user can see is Russian: zod's own messages come from its ru locale,
// the product's texts (spec §5) are given explicitly where a field needs them.
z.config(z.locales.ru());

export { z };

export const EMPTY_FIELD = 'Поле не должно быть пустым';

/** Trimmed, non-empty, bounded text: the shape of every name-like field a user types. */
export const requiredText = (max: number) =>
  z.string().trim().min(1, EMPTY_FIELD).max(max, `Не длиннее ${max} символов`);

/** Path and query ids: positive integers, given as strings in URLs. */
export const idSchema = z.coerce
  .number({ error: 'Некорректный идентификатор' })
  .int('Некорректный идентификатор')
  .positive('Некорректный идентификатор')
  .max(Number.MAX_SAFE_INTEGER, 'Некорректный идентификатор');

export const idParams = z.object({ id: idSchema });

/** Ids of reference lists (statuses, formats, roles...): small integers; anything else is not on the list. */
export const referenceId = (message = EMPTY_FIELD) =>
  z.number({ error: message }).int(message).positive(message).max(32_767, 'Выберите значение из списка');

/** The version a client read (optimistic concurrency); an int4 column. */
export const versionField = z
  .number({ error: 'Нужна версия записи' })
  .int('Нужна версия записи')
  .positive('Нужна версия записи')
  .max(2_147_483_647, 'Нужна версия записи');
