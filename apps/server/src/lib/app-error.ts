import { type ErrorCode, errorMessages } from '@addesk/contract';

export type FieldErrors = Record<string, string[]>;

/** The one way a service reports a failure the user should see; the error plugin turns it into a status and body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: FieldErrors | undefined;

  constructor(code: ErrorCode, message: string = errorMessages[code], fieldErrors?: FieldErrors) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export const notFound = (message?: string) => new AppError('NOT_FOUND', message);

/** A bad value the schema could not see (a reference not on its list): 400 with the field's message. */
export const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { [field]: [message] });
