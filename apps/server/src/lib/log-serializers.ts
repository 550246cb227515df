import type { FastifyRequest } from 'fastify';

// OAuth callbacks carry one-time codes in their query, and invitations their tokens: keep them out of the logs.
const SECRET_QUERY = /([?&](?:code|state|invite)=)[^&]*/g;
// An invitation's token is a key to a team until it is used: its link and its page's call carry it in the path.
const SECRET_PATH = /(\/invite\/)[^/?#]+/g;

/** A database driver's error (pg and PGlite alike): a SQLSTATE code and the names of what it concerns, never values. */
type DriverError = Error & {
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
};

const isDriverError = (error: unknown): error is DriverError =>
  error instanceof Error &&
  typeof (error as DriverError).code === 'string' &&
  typeof (error as DriverError).severity === 'string';

/** Drizzle wraps the driver's error in its own, whose message carries the query's parameters. */
type QueryError = Error & { query?: unknown; params?: unknown };
const isQueryError = (error: unknown): error is QueryError =>
  error instanceof Error && typeof (error as QueryError).query === 'string' && 'params' in error;

const causes = (error: unknown): unknown[] => {
  const chain: unknown[] = [];
  for (let e = error; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  return chain;
};

// A stack's first line repeats the message; only the frames below it are kept.
const framesOf = (error: Error) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');

// A JSON syntax error quotes the body it could not read.
const messageOf = (error: Error) => (error instanceof SyntaxError ? 'malformed input' : error.message);

/**
 * What an error says in a log line. A database error's message and detail quote the values it failed on (a card
 * number in a unique-key detail, a bad value in a cast), and drizzle's message lists every parameter of the query:
 * so for those only the SQLSTATE, the constraint, the table and the query's text with its placeholders are kept.
 */
export function safeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: 'not an error', stack: '' };
  const chain = causes(error);
  const driver = chain.find(isDriverError);
  const query = chain.find(isQueryError);
  if (!driver && !query) {
    return {
      type: error.name,
      message: messageOf(error),
      code: (error as { code?: unknown }).code,
      stack: framesOf(error),
    };
  }
  // A query that failed before the database answered (the pool closed, the connection lost, a value the driver could
  // not send) says why in its cause, an error of the driver's own code that quotes no values.
  const cause = driver ? undefined : chain[chain.indexOf(query) + 1];
  return {
    type: driver?.name ?? error.name,
    message: driver
      ? `database error ${String(driver.code)}`
      : cause instanceof Error
        ? `database query failed: ${messageOf(cause)}`
        : 'database query failed',
    code: driver?.code,
    constraint: driver?.constraint,
    table: driver?.table,
    column: driver?.column,
    routine: driver?.routine,
    query: query?.query,
    stack: framesOf(error),
  };
}

/** The logger's serializers: a request is its method, its url without one-time codes and its address. */
export const logSerializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: req.url.replace(SECRET_QUERY, '$1[скрыто]').replace(SECRET_PATH, '$1[скрыто]'),
    ip: req.ip,
  }),
  err: safeError,
};
