import type { AppError } from './app-error.js';

/**
 * What a database error means to the caller, decided in this one place: a constraint that a concurrent write broke
 * (a channel deleted while a sale was being saved) or a database that is not answering. Undefined: a defect (500).
 */
export function fromDatabaseError(_error: unknown): AppError | undefined {
  return undefined;
}
