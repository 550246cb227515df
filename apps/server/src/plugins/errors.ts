import { type ErrorBody, type ErrorCode, errorMessages } from '@addesk/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../lib/app-error.js';
import { fromDatabaseError } from '../lib/database-errors.js';

export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_ERROR':
      return 400;
    case 'UNAUTHENTICATED':
      return 401;
    case 'FORBIDDEN':
    case 'TARIFF_CHANNEL_LIMIT':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'CONFLICT':
    case 'VERSION_CONFLICT':
      return 409;
    case 'IDEMPOTENCY_KEY_REUSED':
      return 422;
    case 'RATE_LIMITED':
      return 429;
    case 'UPSTREAM_UNAVAILABLE':
      return 502;
    case 'UNAVAILABLE':
      return 503;
    case 'INTERNAL':
      return 500;
    default: {
      const unhandled: never = code;
      throw new Error(`Unmapped error code ${String(unhandled)}`);
    }
  }
}

function validationBody(error: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.validation) {
    const field =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
    fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message ?? errorMessages.VALIDATION_ERROR];
  }
  const fields = Object.keys(fieldErrors);
  const only = fields.length === 1 ? fields[0] : undefined;
  const message =
    only === undefined
      ? errorMessages.VALIDATION_ERROR
      : `Некорректное значение «${only}»: ${fieldErrors[only]?.[0] ?? errorMessages.VALIDATION_ERROR}`;
  return { code: 'VALIDATION_ERROR', message, fieldErrors } satisfies ErrorBody;
}

/** One error model: every failure leaves as `{code, message, fieldErrors?}`; a 5xx never shows internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A failure can come after a handler chose another type (a static file that vanished): errors are always JSON.
    reply.type('application/json; charset=utf-8');
    const appError = error instanceof AppError ? error : fromDatabaseError(error);
    if (appError) {
      const body: ErrorBody = { code: appError.code, message: appError.message };
      if (appError.fieldErrors) body.fieldErrors = appError.fieldErrors;
      return reply.status(statusOf(appError.code)).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: errorMessages.RATE_LIMITED });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, wrong content type, body too large.
      return reply.status(status).send({ code: 'VALIDATION_ERROR', message: 'Некорректный запрос' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: errorMessages.INTERNAL });
  });
});
