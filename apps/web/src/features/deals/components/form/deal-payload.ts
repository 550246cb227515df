import {
  type DealKind,
  type DealNumberRule,
  dealNumberRules,
  dealVocabulary,
  inKindNames,
  POST_LINK_MESSAGE,
  readDealNumber,
  readPostLink,
} from '@addesk/contract/plain';
import { instantAt } from '@/lib/format';
import type { DealPayload } from '../../api/create-deal';
import type { DealPatch } from '../../api/update-deal';
import { contactPayload, externalChannelPayload } from './counterpart';
import { isValidDate, toIsoDay } from './date-parts';
import type { DealFormField, DealFormValues } from './deal-form-values';

/** For react-hook-form's `validate`: a post link the server reads (or none), else the contract's message. */
export const validatePostLink = (text: string): true | string =>
  text.trim() === '' || readPostLink(text) !== undefined ? true : POST_LINK_MESSAGE;

/** For react-hook-form's `validate`: true or the rule's Russian message for what was typed (the contract's rules). */
export const validateNumber =
  (rule: DealNumberRule) =>
  (text: string): true | string => {
    const read = readDealNumber(rule, text);
    return 'error' in read ? read.error : true;
  };

export type BuiltPayload =
  | { ok: true; payload: DealPayload }
  | { ok: false; errors: Partial<Record<DealFormField, string>> };

/**
 * The create/update payload of spec §3 under the kind's names (`dealVocabulary`): the placement time in the team's
 * zone with its offset, duration null for 'Без удаления', the price coerced to a number, days as yyyy-MM-dd.
 */
export function buildPayload(kind: DealKind, values: DealFormValues): BuiltPayload {
  const errors: Partial<Record<DealFormField, string>> = {};
  const cost = readDealNumber(dealNumberRules.price, values.cost);
  const hoursInTop = readDealNumber(dealNumberRules.hoursInTop, values.hoursInTop);
  const duration = readDealNumber(dealNumberRules.duration, values.duration);
  if ('error' in cost) errors.cost = cost.error;
  if ('error' in hoursInTop) errors.hoursInTop = hoursInTop.error;
  if (values.durationType !== 'INFINITY' && 'error' in duration) errors.duration = duration.error;
  for (const field of ['placementDate', 'date', 'paymentDueDate'] as const) {
    const day = values[field];
    if (day !== null && !isValidDate(day)) {
      // Spec §5: an invalid date yields no value and a warning.
      console.warn('Некорректная дата', day);
      errors[field] = 'Некорректная дата';
    }
  }
  const postLink = values.postLink.trim() === '' ? undefined : readPostLink(values.postLink);
  if (values.postLink.trim() !== '' && postLink === undefined) errors.postLink = POST_LINK_MESSAGE;
  const missing = missingRequired(kind, values);
  for (const field of missing) errors[field] = 'Поле не должно быть пустым';
  if ('error' in cost || 'error' in hoursInTop || Object.keys(errors).length > 0)
    return { ok: false, errors };

  const payload = inKindNames(kind, {
    accommodationCondition: {
      accommodationTime: instantAt(toIsoDay(values.placementDate), values.placementTime),
      duration: values.durationType === 'INFINITY' || 'error' in duration ? null : duration.value,
      durationType: values.durationType,
      hoursInTop: hoursInTop.value,
    },
    advertisementFormatId: values.adFormatId,
    channelId: values.channelId,
    contactPerson: contactPayload(values.adminContact),
    external: externalChannelPayload(values.channelContact),
    price: cost.value,
    date: toIsoDay(values.date),
    ...(values.paymentDueDate === null ? {} : { paymentDueDate: toIsoDay(values.paymentDueDate) }),
    ...(postLink === undefined ? {} : { postLink: postLink.link }),
    ...(dealVocabulary[kind].hasAdvertisementType ? { advertisementTypeId: values.adTypeId } : {}),
    ...(values.managerId === null ? {} : { employeeId: values.managerId }),
    ...(values.statusId === null ? {} : { statusId: values.statusId }),
  });
  // missingRequired above made sure the ids the kind requires are there, which the types cannot follow.
  return { ok: true, payload: payload as DealPayload };
}

/** Optional fields a payload leaves out when empty, which a PATCH removes by sending null. */
const removable = ['paymentDueDate', 'postLink'] as const;

/**
 * A PATCH body: the top-level fields whose payload differs from the one of the deal as loaded, and the version it
 * was read at. The placement is one field (accommodationCondition): any change in it sends all of it.
 */
export function changedFields(next: DealPayload, base: DealPayload, version: number): DealPatch | null {
  const before = base as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(value) !== JSON.stringify(before[key])) changed[key] = value;
  }
  for (const key of removable) {
    if (before[key] !== undefined && !(key in next)) changed[key] = null;
  }
  if (Object.keys(changed).length === 0) return null;
  return { ...changed, version } as DealPatch;
}

/** The required fields still empty: our channel, the format, for sales the type (a status left out is the first). */
export function missingRequired(
  kind: DealKind,
  values: Pick<DealFormValues, 'channelId' | 'adFormatId' | 'adTypeId'>,
): DealFormField[] {
  const rules = dealVocabulary[kind];
  const missing: DealFormField[] = [];
  if (values.channelId === null) missing.push('channelId');
  if (values.adFormatId === null) missing.push('adFormatId');
  if (rules.hasAdvertisementType && values.adTypeId === null) missing.push('adTypeId');
  return missing;
}
