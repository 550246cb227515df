import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Where the server's field names (the body's paths: `paymentMethod.credentials`, `employeeChannelRoleId`) land on a
 * form: a map, or a function for a form whose fields depend on what it shows (a hidden field holds no message).
 */
export type ServerFieldMap<T extends FieldValues> =
  | Readonly<Record<string, FieldPath<T>>>
  | ((serverField: string) => FieldPath<T> | undefined);

export type SortedFieldErrors<T extends FieldValues> = {
  /** Form field and message, in the server's order. */
  placed: Array<[FieldPath<T>, string]>;
  /** Server field and message, for the fields the form does not show. */
  elsewhere: Array<[string, string]>;
};

/** A refusal's field errors, split into those a form field can show and the rest; each field's messages joined. */
export function sortServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldOf: ServerFieldMap<T>,
): SortedFieldErrors<T> {
  const sorted: SortedFieldErrors<T> = { placed: [], elsewhere: [] };
  if (!isApiError(error) || !error.fieldErrors) return sorted;
  const target =
    typeof fieldOf === 'function'
      ? fieldOf
      : (field: string) => (Object.hasOwn(fieldOf, field) ? fieldOf[field] : undefined);
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const message = messages.join(' ');
    if (!message) continue;
    const formField = target(field);
    if (formField) sorted.placed.push([formField, message]);
    else sorted.elsewhere.push([field, message]);
  }
  return sorted;
}

/**
 * Puts a refusal's field errors under the form's fields, focusing the first, and answers whether any landed: when
 * none did, the form has to say the server's message itself.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: ServerFieldMap<T>,
): boolean {
  const { placed } = sortServerFieldErrors(error, fieldOf);
  placed.forEach(([field, message], index) => {
    setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return placed.length > 0;
}
