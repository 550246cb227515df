import type { Socket } from 'node:net';
import { type ErrorBody, type ErrorCode, errorMessages } from '@addesk/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../lib/app-error.js';
import { fromDatabaseError } from '../lib/database-errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods a path answers to; none: the path is unknown. */
    allowedMethods(url: string): string[];
  }
}

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

/** How long a client should wait before retrying while the database or the server is not available, or busy. */
export const RETRY_AFTER_SECONDS = 5;
/** How long closing waits for the handlers of requests whose clients have left (a handler is a few queries). */
const HANDLERS_WAIT_MS = 10_000;

/**
 * Russian messages for what the HTTP layer refuses before a route runs: Fastify's own refusals (a malformed or too
 * large body, an unsupported type) and Node's (headers too large, a request that did not arrive in time).
 */
const refusals: Record<number, string> = {
  400: 'Некорректный запрос',
  404: errorMessages.NOT_FOUND,
  405: 'Этот метод здесь не поддерживается',
  408: 'Запрос не пришёл целиком вовремя. Попробуйте ещё раз',
  413: 'Слишком большой запрос',
  414: 'Слишком длинный адрес запроса',
  415: 'Неподдерживаемый формат данных',
  431: 'Слишком большие заголовки запроса',
};

const refusalBody = (status: number): ErrorBody => ({
  code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR',
  message: refusals[status] ?? refusals[400] ?? errorMessages.VALIDATION_ERROR,
});

/**
 * Node answers a request it cannot parse (headers or URL over its size limit, a timed-out body) before Fastify sees
 * it: this writes the contract's body in place of Node's and Fastify's English ones.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(refusalBody(status));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The router refuses an undecodable path (`/api/channel/%`) or a path parameter over its length limit before any
 * error handler runs: those refusals get the contract's body too.
 */
export function routerErrorHandler(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  reply.status(400).type('application/json; charset=utf-8').send(refusalBody(400));
}

/**
 * The 404 of an unknown address (or of a known one whose file has gone), or the 405 of a known address asked with a
 * method it does not answer.
 */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const allowed = request.server.allowedMethods(request.url);
  if (allowed.length === 0 || allowed.includes(request.method))
    return reply.status(404).send(refusalBody(404));
  return reply.status(405).header('allow', allowed.join(', ')).send(refusalBody(405));
}

/** One error model: every failure leaves as `{code, message, fieldErrors?}`; a 5xx never shows internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Every route's method and path, to tell a wrong method (405) from an unknown address (404).
  const routes: { method: string; path: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    const path = route.url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    for (const method of [route.method].flat()) routes.push({ method, path: new RegExp(`^${path}$`) });
  });
  app.decorate('allowedMethods', (url: string) => {
    const path = url.split('?')[0] ?? url;
    return [...new Set(routes.filter((route) => route.path.test(path)).map((route) => route.method))];
  });

  // While closing, the server finishes the requests it has and takes no new ones: a request that still arrives on an
  // open connection is told to come back, and every answer closes its connection so that close() need not wait for
  // idle keep-alive sockets to time out.
  let closing = false;
  // close() goes on once the connections have ended, and the connection of a client that gave up mid-request ends at
  // once: its handler, still running, would meet a closed database. The requests being handled (with when each
  // arrived) are kept until their answer is sent (to nobody, for those), and the database closes after them (this
  // plugin's onClose runs before app.ts's, which was added first), or after HANDLERS_WAIT_MS should a handler never
  // end.
  const handling = new Map<FastifyRequest, number>();
  let handled: (() => void) | undefined;
  app.addHook('onRequest', async (request) => {
    handling.set(request, Date.now());
    if (closing) throw new AppError('UNAVAILABLE');
  });
  app.addHook('onSend', async (request, reply) => {
    if (handling.delete(request) && handling.size === 0) handled?.();
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    // Node stops checking the whole-request limit once close() begins, so a body still arriving would hold close()
    // for as long as its client trickles: the limit is kept for those requests here (no handler has started on one).
    const limit = app.server.requestTimeout;
    if (!limit) return;
    for (const [request, arrived] of handling) {
      if (request.raw.complete) continue;
      setTimeout(
        () => {
          if (request.raw.complete) return;
          const timedOut = Object.assign(new Error('request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
          clientErrorHandler(timedOut, request.raw.socket);
        },
        Math.max(0, arrived + limit - Date.now()),
      ).unref();
    }
  });
  app.addHook('onClose', async () => {
    if (handling.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => {
        handled = resolve;
      }),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, HANDLERS_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A failure can come after a handler chose another type (a static file that vanished): errors are always JSON.
    reply.type('application/json; charset=utf-8');
    // An error Fastify gave a status is the request's, never the database's: a body whose client left mid-way is
    // Node's ECONNRESET with Fastify's 400.
    const databaseError = error.statusCode === undefined ? fromDatabaseError(error) : undefined;
    const appError = error instanceof AppError ? error : databaseError;
    if (appError) {
      const body: ErrorBody = { code: appError.code, message: appError.message };
      if (appError.fieldErrors) body.fieldErrors = appError.fieldErrors;
      if (appError.code === 'UNAVAILABLE' || appError.code === 'RATE_LIMITED')
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
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
      return reply.status(status).send(refusalBody(status));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: errorMessages.INTERNAL });
  });
});
