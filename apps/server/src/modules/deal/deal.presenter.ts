import { type DealKind, inKindNames, paymentStateOf } from '@addesk/contract';
import { presentCounterpart } from '../counterpart/counterpart.service.js';
import type { DealReferences } from '../reference/reference.service.js';
import type { DealRow } from './deal-list.query.js';

// The two kinds share every field but a few names (spec §3): one presenter in common names, renamed for the kind.

const named = (names: Map<number, { id: number; name: string }>, id: number | null) =>
  (id !== null && names.get(id)) || null;

/**
 * A deal as the API shows it; `today` is the team's date, which decides whether an unpaid deal is overdue (the filter
 * decides the same in SQL: deal-list.filters.ts `inPaymentStates`).
 */
export function present<K extends DealKind>(kind: K, row: DealRow, refs: DealReferences, today: string) {
  const { deal } = row;
  const money = {
    price: Number(deal.price),
    paidAmount: Number(deal.paidAmount),
    paymentDueDate: deal.paymentDueDate,
  };
  return inKindNames(kind, {
    id: deal.id,
    statusId: deal.statusId,
    status: { id: deal.statusId, name: refs.names.status.get(deal.statusId) ?? '' },
    accommodationCondition: {
      accommodationTime: deal.placementAt.toISOString(),
      duration: deal.duration,
      durationType: deal.durationType,
      hoursInTop: deal.hoursInTop,
    },
    advertisementFormat: named(refs.names.format, deal.advertisementFormatId),
    // A purchase has no ad type (its id is always null); the purchase's answer drops the field by its schema.
    advertisementType: named(refs.names.type, deal.advertisementTypeId),
    contactPerson: row.contact && presentCounterpart.contact(row.contact),
    // A deal always has our channel (a foreign key); the fallback only satisfies the type.
    channelInfo: row.channel ?? { id: deal.channelId, name: '', iconLink: null },
    version: deal.version,
    date: deal.dealDate,
    external: row.external && presentCounterpart.externalChannel(row.external),
    employee: row.employee,
    ...money,
    paymentState: paymentStateOf(money, today),
    cancelled: refs.cancelling.has(deal.statusId),
    // Known only through an invite link: a sale never has one, and its answer drops these by its schema.
    subscribers: row.hasInviteLink ? deal.subscribersJoined : null,
    costPerSubscriber:
      row.hasInviteLink && deal.costPerSubscriber !== null ? Number(deal.costPerSubscriber) : null,
    postLink: deal.postLink,
    cpm: deal.cpm === null ? null : Number(deal.cpm),
  });
}
