import {
  type Contact,
  type DealKind,
  type DurationType,
  dealFields,
  type ExternalChannel,
  MAX_PRICE,
  type Purchase,
  parseTelegramLink,
  type Sale,
} from '@addesk/contract';
import { instantAt, wallClock } from '@/lib/format';
import type { DealPayload } from '../../api/create-deal';
import type { DealPatch } from '../../api/update-deal';
import {
  clampDate,
  type DateParts,
  fromIsoDay,
  isValidDate,
  type TimeParts,
  toIsoDay,
  wrapTime,
} from './date-parts';

export type Deal = Sale | Purchase;

/**
 * Who the deal was with (the other side's channel, or the person): one the team saved before (sent as its id),
 * one just found in Telegram by a pasted link (sent with its name, username and picture), or a bare name.
 */
export type Counterpart =
  | { source: 'saved'; id: number; name: string; iconLink: string | null; username: string | null }
  | {
      source: 'found';
      name: string;
      username: string;
      iconLink: string | null;
      telegramId: number | null;
    }
  | { source: 'name'; name: string };

/** How a counterpart reads in a picker: its name, '@username' under it, its picture. */
export function describeCounterpart(value: Counterpart) {
  if (value.source === 'name') return { name: value.name, hint: null, iconLink: null };
  return { name: value.name, hint: value.username ? `@${value.username}` : null, iconLink: value.iconLink };
}

/**
 * The form's values (spec §3 "Form values"). The numbers are kept as typed (text) and coerced on submit (spec §5),
 * so '15 000,50' can be typed and explained if wrong.
 */
export type DealFormValues = {
  channelId: number | null;
  /** The employee who sold or bought (spec: managerName, the employee id). */
  managerId: number | null;
  adFormatId: number | null;
  adTypeId: number | null;
  channelContact: Counterpart | null;
  adminContact: Counterpart | null;
  hoursInTop: string;
  duration: string;
  durationType: DurationType;
  cost: string;
  placementDate: DateParts;
  placementTime: TimeParts;
  statusId: number | null;
  /** The sale date or purchase date. */
  date: DateParts;
};

export type DealFormField = keyof DealFormValues;

/**
 * What the kinds' forms ask for beyond the shared fields (the server checks the same: a sale has an ad type and
 * needs a status; a new purchase without one starts in the first purchase status, decisions D2).
 */
export const dealFormRules = {
  sale: { advertisementType: true, statusRequired: true, defaultFirstStatus: false },
  purchase: { advertisementType: false, statusRequired: false, defaultFirstStatus: true },
} as const satisfies Record<
  DealKind,
  { advertisementType: boolean; statusRequired: boolean; defaultFirstStatus: boolean }
>;

/** An instant on the team's clock (decisions D5); the epoch's for an unreadable one, which the server never sends. */
const teamWallClock = (value: Date | string) =>
  wallClock(value) ?? { date: { day: 1, month: 1, year: 1970 }, time: { hours: 0, minutes: 0 } };

/** Spec §3 "Form defaults": dates today, time 00:00, duration 0 'Без удаления', hours in top 0, cost 0. */
export function defaultDealValues(
  options: { managerId?: number | null; statusId?: number | null; today?: DateParts } = {},
): DealFormValues {
  const today = options.today ?? teamWallClock(new Date()).date;
  return {
    channelId: null,
    managerId: options.managerId ?? null,
    adFormatId: null,
    adTypeId: null,
    channelContact: null,
    adminContact: null,
    hoursInTop: '0',
    duration: '0',
    durationType: 'INFINITY',
    cost: '0',
    placementDate: today,
    placementTime: { hours: 0, minutes: 0 },
    statusId: options.statusId ?? null,
    date: today,
  };
}

/** 'https://t.me/name' (as the API shows a link) -> 'name'. */
export function usernameOf(link: string | null | undefined): string | null {
  if (!link) return null;
  const parsed = parseTelegramLink(link);
  return parsed.ok ? parsed.username : null;
}

export function savedChannel(channel: ExternalChannel): Counterpart {
  return {
    source: 'saved',
    id: channel.id,
    name: channel.name,
    iconLink: channel.iconLink,
    username: usernameOf(channel.channelLink),
  };
}

export function savedContact(contact: Contact): Counterpart {
  return {
    source: 'saved',
    id: contact.id,
    name: contact.name,
    iconLink: contact.iconLink,
    username: usernameOf(contact.profileLink),
  };
}

/** A deal's fields under one set of names, whichever kind it is (the names per kind are `dealFields`). */
export function dealParts(kind: DealKind, deal: Deal) {
  const names = dealFields[kind];
  // Every deal has the fields its kind names; reading them by those names keeps one implementation for both.
  const fields = deal as Sale & Purchase;
  return {
    date: fields[names.date],
    external: fields[names.external],
    employee: fields[names.employee],
    advertisementType: dealFormRules[kind].advertisementType ? fields.advertisementType : null,
  };
}

/** The form's values showing a deal as the server has it. */
export function valuesFromDeal(kind: DealKind, deal: Deal): DealFormValues {
  const parts = dealParts(kind, deal);
  const placement = teamWallClock(deal.accommodationCondition.accommodationTime);
  const { duration, durationType, hoursInTop } = deal.accommodationCondition;
  return {
    channelId: deal.channelInfo.id,
    managerId: parts.employee?.id ?? null,
    adFormatId: deal.advertisementFormat?.id ?? null,
    adTypeId: parts.advertisementType?.id ?? null,
    channelContact: parts.external ? savedChannel(parts.external) : null,
    adminContact: deal.contactPerson ? savedContact(deal.contactPerson) : null,
    hoursInTop: String(hoursInTop),
    duration: String(durationType === 'INFINITY' ? 0 : (duration ?? 0)),
    durationType,
    cost: String(deal.price),
    placementDate: clampDate(placement.date),
    placementTime: wrapTime(placement.time),
    statusId: deal.statusId,
    date: clampDate(fromIsoDay(parts.date)),
  };
}

/** Names of what a loaded deal refers to, for the fields while their option lists are still loading. */
export type KnownLabels = {
  channel?: { name: string; iconLink: string | null };
  manager?: { name: string; iconLink: string | null };
  format?: string;
  type?: string;
  status?: string;
};

export function labelsFromDeal(kind: DealKind, deal: Deal): KnownLabels {
  const parts = dealParts(kind, deal);
  const labels: KnownLabels = {
    channel: { name: deal.channelInfo.name, iconLink: deal.channelInfo.iconLink },
    status: deal.status.name,
  };
  if (parts.employee) {
    labels.manager = {
      name: `${parts.employee.firstName} ${parts.employee.secondName}`.trim(),
      iconLink: parts.employee.iconLink,
    };
  }
  if (deal.advertisementFormat) labels.format = deal.advertisementFormat.name;
  if (parts.advertisementType) labels.type = parts.advertisementType.name;
  return labels;
}

// Numbers as typed: spaces (also the non-breaking ones of '15 000') are ignored, a comma is a decimal point, and an
// empty field counts as 0 (spec §5: numbers are coerced on submit).
const normalise = (text: string) => text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');

/** Spec §3 price: roubles with at most two decimals, 0..1 000 000 000 (the contract's limits, in Russian). */
export function parseCost(text: string): { value: number } | { error: string } {
  const t = normalise(text);
  if (t === '') return { value: 0 };
  if (/^-\d/.test(t)) return { error: 'Стоимость не может быть отрицательной' };
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(t)) return { error: 'Укажите стоимость числом' };
  const [, decimals = ''] = t.split('.');
  if (decimals.length > 2) return { error: 'Не больше двух знаков после запятой' };
  const value = Number(t);
  if (value > MAX_PRICE) return { error: 'Стоимость не больше 1 000 000 000 руб' };
  return { value };
}

function parseWhole(text: string, max: number, messages: { notWhole: string; tooBig: string }) {
  const t = normalise(text);
  if (t === '') return { value: 0 };
  if (/^-\d/.test(t)) return { error: 'Не может быть меньше 0' };
  if (!/^\d+$/.test(t)) return { error: messages.notWhole };
  const value = Number(t);
  if (value > max) return { error: messages.tooBig };
  return { value };
}

/** Spec §3 hoursInTop: a whole number of hours, 0..720. */
export const parseHoursInTop = (text: string): { value: number } | { error: string } =>
  parseWhole(text, 720, { notWhole: 'Укажите целое число часов', tooBig: 'Не больше 720 часов' });

/** Spec §3 duration: a whole number of days or hours, 0..10 000. */
export const parseDuration = (text: string): { value: number } | { error: string } =>
  parseWhole(text, 10_000, { notWhole: 'Укажите целое число', tooBig: 'Не больше 10 000' });

/** For react-hook-form's `validate`: true or the Russian message. */
export const validateWith =
  (parse: (text: string) => { value: number } | { error: string }) =>
  (text: string): true | string => {
    const parsed = parse(text);
    return 'error' in parsed ? parsed.error : true;
  };

const httpUrl = (link: string | null) => (link && /^https?:\/\//i.test(link) ? link : undefined);

/** The other side's channel as the payload sends it (spec §3 "Channel contact"). */
function externalChannelPayload(value: Counterpart | null) {
  if (!value) return null;
  if (value.source === 'saved') return { id: value.id };
  if (value.source === 'name') return { name: value.name };
  return {
    name: value.name.slice(0, 200),
    channelLink: value.username,
    ...(httpUrl(value.iconLink) ? { iconLink: httpUrl(value.iconLink) } : {}),
    ...(value.telegramId === null ? {} : { externalChannelId: value.telegramId }),
  };
}

/** The person as the payload sends it (spec §3 "Admin contact"). */
function contactPayload(value: Counterpart | null) {
  if (!value) return null;
  if (value.source === 'saved') return { id: value.id };
  if (value.source === 'name') return { name: value.name };
  return {
    name: value.name.slice(0, 200),
    profileLink: value.username,
    ...(httpUrl(value.iconLink) ? { iconLink: httpUrl(value.iconLink) } : {}),
    ...(value.telegramId === null ? {} : { externalUserId: value.telegramId }),
  };
}

export type BuiltPayload =
  | { ok: true; payload: DealPayload }
  | { ok: false; errors: Partial<Record<DealFormField, string>> };

/**
 * The create/update payload of spec §3 under the kind's names (`dealFields`): the placement time in the team's zone
 * with its offset, duration null for 'Без удаления', the price coerced to a number, days as yyyy-MM-dd.
 */
export function buildPayload(kind: DealKind, values: DealFormValues): BuiltPayload {
  const names = dealFields[kind];
  const errors: Partial<Record<DealFormField, string>> = {};
  const cost = parseCost(values.cost);
  const hoursInTop = parseHoursInTop(values.hoursInTop);
  const duration = parseDuration(values.duration);
  if ('error' in cost) errors.cost = cost.error;
  if ('error' in hoursInTop) errors.hoursInTop = hoursInTop.error;
  if (values.durationType !== 'INFINITY' && 'error' in duration) errors.duration = duration.error;
  for (const field of ['placementDate', 'date'] as const) {
    if (!isValidDate(values[field])) {
      // Spec §5: an invalid date yields no value and a warning.
      console.warn('Некорректная дата', values[field]);
      errors[field] = 'Некорректная дата';
    }
  }
  const missing = missingRequired(kind, values);
  for (const field of missing) errors[field] = 'Поле не должно быть пустым';
  if ('error' in cost || 'error' in hoursInTop || Object.keys(errors).length > 0)
    return { ok: false, errors };

  const payload: Record<string, unknown> = {
    accommodationCondition: {
      accommodationTime: instantAt(toIsoDay(values.placementDate), values.placementTime),
      duration: values.durationType === 'INFINITY' || 'error' in duration ? null : duration.value,
      durationType: values.durationType,
      hoursInTop: hoursInTop.value,
    },
    advertisementFormatId: values.adFormatId,
    channelId: values.channelId,
    contactPerson: contactPayload(values.adminContact),
    [names.external]: externalChannelPayload(values.channelContact),
    price: cost.value,
    [names.date]: toIsoDay(values.date),
  };
  if (dealFormRules[kind].advertisementType) payload.advertisementTypeId = values.adTypeId;
  if (values.managerId !== null) payload[names.employeeId] = values.managerId;
  if (values.statusId !== null) payload.statusId = values.statusId;
  return { ok: true, payload: payload as DealPayload };
}

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
  if (Object.keys(changed).length === 0) return null;
  return { ...changed, version } as DealPatch;
}

/** The required fields still empty: our channel, the format, for sales the type and the status. */
export function missingRequired(
  kind: DealKind,
  values: Pick<DealFormValues, 'channelId' | 'adFormatId' | 'adTypeId' | 'statusId'>,
): DealFormField[] {
  const rules = dealFormRules[kind];
  const missing: DealFormField[] = [];
  if (values.channelId === null) missing.push('channelId');
  if (values.adFormatId === null) missing.push('adFormatId');
  if (rules.advertisementType && values.adTypeId === null) missing.push('adTypeId');
  if (rules.statusRequired && values.statusId === null) missing.push('statusId');
  return missing;
}

const accommodationFields: Record<string, DealFormField> = {
  accommodationTime: 'placementDate',
  duration: 'duration',
  durationType: 'durationType',
  hoursInTop: 'hoursInTop',
};

/**
 * The form field a server field error belongs under: `price` -> cost, `accommodationCondition.accommodationTime` ->
 * the placement date, `externalChannelInfo.channelLink` -> the other side's channel, and so on.
 */
export function formFieldOfServerKey(kind: DealKind, key: string): DealFormField | undefined {
  const names = dealFields[kind];
  const [head = '', sub] = key.split('.');
  if (head === 'accommodationCondition') return sub ? accommodationFields[sub] : 'placementDate';
  const fields: Record<string, DealFormField> = {
    price: 'cost',
    channelId: 'channelId',
    advertisementFormatId: 'adFormatId',
    advertisementTypeId: 'adTypeId',
    statusId: 'statusId',
    contactPerson: 'adminContact',
    [names.external]: 'channelContact',
    [names.date]: 'date',
    [names.employeeId]: 'managerId',
  };
  return fields[head];
}
