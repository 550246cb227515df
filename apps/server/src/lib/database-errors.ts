import { CHANNEL_EXISTS, CHANNEL_NOT_FOUND, EMPLOYEE_NOT_FOUND, OVERPAID } from '@addesk/contract';
import { AppError } from './app-error.js';

const notFound = (message: string) => () => new AppError('NOT_FOUND', message);

/** What a broken constraint means to the caller, by the constraint's name (PostgreSQL cuts names to 63 characters). */
const constraintErrors = new Map<string, () => AppError>(
  (
    [
      // A record the write points at was deleted by a concurrent request after the service had checked it.
      ['deals_team_id_channel_id_channels_team_id_id_fk', notFound(CHANNEL_NOT_FOUND)],
      ['channel_employees_team_id_channel_id_channels_team_id_id_fk', notFound(CHANNEL_NOT_FOUND)],
      ['channel_prices_team_id_channel_id_channels_team_id_id_fk', notFound(CHANNEL_NOT_FOUND)],
      ['deals_team_id_employee_id_employees_team_id_id_fk', notFound(EMPLOYEE_NOT_FOUND)],
      ['channel_employees_team_id_employee_id_employees_team_id_id_fk', notFound(EMPLOYEE_NOT_FOUND)],
      ['payment_methods_team_id_employee_id_employees_team_id_id_fk', notFound(EMPLOYEE_NOT_FOUND)],
      ['channels_team_id_owner_employee_id_employees_team_id_id_fk', notFound(EMPLOYEE_NOT_FOUND)],
      [
        'deals_team_id_external_channel_id_external_channels_team_id_id_fk',
        notFound('Внешний канал не найден'),
      ],
      ['deals_team_id_contact_id_contacts_team_id_id_fk', notFound('Контакт не найден')],
      // Two requests adding the same channel at the same moment.
      ['channels_team_nick_uq', () => new AppError('CONFLICT', CHANNEL_EXISTS)],
      // A price lowered below what the deal has been paid (or a payment racing such a change).
      ['deals_paid_chk', () => new AppError('VALIDATION_ERROR', OVERPAID, { price: [OVERPAID] })],
    ] as const
  ).map(([name, make]) => [name.slice(0, 63), make]),
);

const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

/**
 * SQLSTATEs of a server that is going away or not there: class 08 (connection exceptions), admin or crash shutdown
 * (57P01, 57P02), and "the database system is starting up / shutting down" (57P03).
 */
const isUnavailableState = (code: string) => code.startsWith('08') || /^57P0[123]$/.test(code);

/** Socket errors of a database that cannot be reached (refused, reset, unreachable, slow to answer). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres reports a lost or refused connection without a code, only with these messages ("Connection
 * terminated unexpectedly", "... due to connection timeout", "timeout exceeded when trying to connect", "Client has
 * encountered a connection error and is not queryable").
 */
const LOST_CONNECTION = /^Connection terminated|timeout exceeded when trying to connect|is not queryable/;

type Coded = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** The error and what it wraps: Drizzle puts the driver's error in `cause`, a failed connect may be an AggregateError. */
function* chain(error: unknown, depth = 0): Generator<Coded> {
  if (typeof error !== 'object' || error === null || depth > 5) return;
  const coded = error as Coded;
  yield coded;
  yield* chain(coded.cause, depth + 1);
  if (Array.isArray(coded.errors)) for (const inner of coded.errors) yield* chain(inner, depth + 1);
}

function meaning(error: Coded): AppError | undefined {
  const code = typeof error.code === 'string' ? error.code : '';
  const constraintCodes = [FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, CHECK_VIOLATION];
  if (constraintCodes.includes(code) && typeof error.constraint === 'string') {
    return constraintErrors.get(error.constraint)?.();
  }
  if (isUnavailableState(code) || UNREACHABLE.has(code)) return new AppError('UNAVAILABLE');
  if (typeof error.message === 'string' && LOST_CONNECTION.test(error.message))
    return new AppError('UNAVAILABLE');
  return undefined;
}

/**
 * What a database error means to the caller, decided in this one place: a constraint that a concurrent write broke
 * (a channel deleted while a sale was being saved) or a database that is not answering. Undefined: a defect (500).
 */
export function fromDatabaseError(error: unknown): AppError | undefined {
  for (const link of chain(error)) {
    const known = meaning(link);
    if (known) return known;
  }
  return undefined;
}
