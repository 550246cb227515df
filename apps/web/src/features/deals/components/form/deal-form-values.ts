import type { Purchase, Sale } from '@addesk/contract';
import { type DealKind, type DurationType, dealVocabulary, inCommonNames } from '@addesk/contract/plain';
import { type Counterpart, savedChannel, savedContact } from './counterpart';
import {
  clampDate,
  type DateParts,
  fromIsoDay,
  type TimeParts,
  teamToday,
  teamWallClock,
  wrapTime,
} from './date-parts';

export type Deal = Sale | Purchase;

/** A new deal being recorded, a deal shown (every control disabled), or one being edited. */
export type DealFormMode = 'new' | 'view' | 'edit';

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
  /** 'Оплатить до': optional (decisions D5). */
  paymentDueDate: DateParts | null;
  /** 'Ссылка на пост' (issue 36): as typed; empty for none. */
  postLink: string;
};

export type DealFormField = keyof DealFormValues;

/** Spec §3 "Form defaults": dates today, time 00:00, duration 0 'Без удаления', hours in top 0, cost 0, no due date. */
export function defaultDealValues(
  options: { managerId?: number | null; statusId?: number | null; today?: DateParts } = {},
): DealFormValues {
  const today = options.today ?? teamToday();
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
    paymentDueDate: null,
    postLink: '',
  };
}

/** A deal's fields in common names, whichever kind it is (the names per kind are `dealVocabulary`). */
export function dealParts(kind: DealKind, deal: Deal) {
  const parts = inCommonNames(kind, deal);
  return {
    date: parts.date,
    external: parts.external,
    employee: parts.employee,
    advertisementType:
      dealVocabulary[kind].hasAdvertisementType && 'advertisementType' in parts
        ? parts.advertisementType
        : null,
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
    paymentDueDate: deal.paymentDueDate ? clampDate(fromIsoDay(deal.paymentDueDate)) : null,
    postLink: deal.postLink ?? '',
  };
}

/**
 * 'Повторить' (issue 33): a new deal on a deal's terms (our channel, the other side, the contact, format, type,
 * placement terms, time of day and price), dated today like any new deal, in the first status, with no due date and
 * recorded by whoever fills the form in.
 */
export function repeatedDealValues(
  kind: DealKind,
  deal: Deal,
  options: { managerId?: number | null; today?: DateParts } = {},
): DealFormValues {
  const fresh = defaultDealValues(options);
  return {
    ...valuesFromDeal(kind, deal),
    managerId: fresh.managerId,
    statusId: fresh.statusId,
    date: fresh.date,
    placementDate: fresh.placementDate,
    paymentDueDate: fresh.paymentDueDate,
    // A new placement has a post of its own.
    postLink: fresh.postLink,
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
