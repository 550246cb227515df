import { commonNameOf, type DealKind } from '@addesk/contract/plain';
import type { UseFormReturn } from 'react-hook-form';
import { setServerFieldErrors, sortServerFieldErrors } from '@/lib/form-errors';
import { errorMessage } from '@/lib/notify';
import type { DealFormField, DealFormValues } from './deal-form-values';
import { formTexts } from './form-texts';

const accommodationFields: Record<string, DealFormField> = {
  accommodationTime: 'placementDate',
  duration: 'duration',
  durationType: 'durationType',
  hoursInTop: 'hoursInTop',
};

/** The form field that edits each field of the payload (in common names). */
const payloadFields: Record<string, DealFormField> = {
  price: 'cost',
  channelId: 'channelId',
  advertisementFormatId: 'adFormatId',
  advertisementTypeId: 'adTypeId',
  statusId: 'statusId',
  contactPerson: 'adminContact',
  external: 'channelContact',
  date: 'date',
  employeeId: 'managerId',
  paymentDueDate: 'paymentDueDate',
  postLink: 'postLink',
};

/**
 * The form field a server field error belongs under: `price` -> cost, `accommodationCondition.accommodationTime` ->
 * the placement date, `externalChannelInfo.channelLink` -> the other side's channel, and so on.
 */
export function formFieldOfServerKey(kind: DealKind, key: string): DealFormField | undefined {
  const [name = '', sub] = key.split('.');
  const head = commonNameOf(kind, name);
  if (head === 'accommodationCondition') return sub ? accommodationFields[sub] : 'placementDate';
  return payloadFields[head];
}

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
  // A duration the form hides (an endless placement) cannot show its message.
  const fieldOf = (key: string) => {
    const field = formFieldOfServerKey(kind, key);
    const hidden = field === 'duration' && form.getValues('durationType') === 'INFINITY';
    return hidden ? undefined : field;
  };
  const { elsewhere } = sortServerFieldErrors(error, fieldOf);
  const placed = setServerFieldErrors(error, form.setError, fieldOf);
  if (elsewhere.length > 0) return elsewhere.map(([, message]) => message).join(' ');
  return placed ? formTexts.checkFields : errorMessage(error);
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
