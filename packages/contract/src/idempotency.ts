import { z } from './zod.js';

/** The longest `Idempotency-Key` the server keeps; a UUID (what the web sends) is 36 characters. */
export const IDEMPOTENCY_KEY_MAX = 200;

const INVALID_KEY = `Заголовок Idempotency-Key: от 1 до ${IDEMPOTENCY_KEY_MAX} видимых символов (латиница, цифры, знаки)`;

/**
 * The headers of a create call (decisions D5): an optional `Idempotency-Key`, one per submit attempt. The same key
 * with the same body answers the first result and creates nothing more; with another body, 422
 * IDEMPOTENCY_KEY_REUSED. Keys are kept 24 hours. Other headers pass through untouched (the object is loose, so the
 * validated headers replace nothing the server reads).
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]+$/, INVALID_KEY)
    .max(IDEMPOTENCY_KEY_MAX, INVALID_KEY)
    .optional()
    .meta({
      description:
        'Ключ повтора: один на попытку отправки. Тот же ключ с тем же телом вернёт первый ответ и ничего не создаст; ' +
        'с другим телом — 422 IDEMPOTENCY_KEY_REUSED. Ключ хранится 24 часа.',
    }),
});
