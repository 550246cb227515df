import type { DealKind } from '@addesk/contract';
import type { UseFormReturn } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/notify';
import { type DealFormField, type DealFormValues, formFieldOfServerKey } from './deal-form-values';
import { formTexts } from './form-texts';

/**
 * Puts a refused save's field errors under their fields (`price` under the cost, `externalChannelInfo.channelLink`
 * under the other side's channel...) and answers what the form as a whole should say: the messages no shown field
 * can hold, or the server's message when it named no field.
 */
export function applyServerErrors(
  kind: DealKind,
  error: unknown,
  form: UseFormReturn<DealFormValues>,
): string {
  if (!isApiError(error) || !error.fieldErrors) return errorMessage(error);
  const hidden = (field: DealFormField) =>
    field === 'duration' && form.getValues('durationType') === 'INFINITY';
  const elsewhere: string[] = [];
  let first = true;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const message = messages.join(' ');
    if (!message) continue;
    const field = formFieldOfServerKey(kind, key);
    if (field && !hidden(field)) {
      form.setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else {
      elsewhere.push(message);
    }
  }
  if (elsewhere.length > 0) return elsewhere.join(' ');
  return first ? errorMessage(error) : formTexts.checkFields;
}

/** Shows the form's own refusals (a payload that could not be built) under their fields. */
export function applyFieldErrors(
  form: UseFormReturn<DealFormValues>,
  errors: Partial<Record<DealFormField, string>>,
): void {
  let first = true;
  for (const [field, message] of Object.entries(errors) as Array<[DealFormField, string]>) {
    form.setError(field, { type: 'validate', message }, { shouldFocus: first });
    first = false;
  }
}
