import type { DealReferences } from '../reference/reference.service.js';
import type { DealRow } from './deal-list.query.js';

const nameOf = (person: { firstName: string; secondName: string } | null) =>
  person ? [person.firstName, person.secondName].filter(Boolean).join(' ') : null;

/**
 * A deal as its history compares it (docs/decisions/025): each field as the screen names it, references by their names
 * at the time (a later rename does not rewrite the past), money as numbers, days and instants as ISO text.
 */
export function dealSnapshot(row: DealRow, refs: DealReferences): Record<string, string | number | null> {
  const { deal } = row;
  const ref = (names: Map<number, { name: string }>, id: number | null) =>
    id === null ? null : (names.get(id)?.name ?? null);
  return {
    price: Number(deal.price),
    status: refs.names.status.get(deal.statusId) ?? null,
    channel: row.channel?.name ?? null,
    employee: nameOf(row.employee),
    external: row.external?.name ?? null,
    contact: row.contact?.name ?? null,
    format: ref(refs.names.format, deal.advertisementFormatId),
    type: ref(refs.names.type, deal.advertisementTypeId),
    date: deal.dealDate,
    placementAt: deal.placementAt.toISOString(),
    durationType: deal.durationType,
    duration: deal.duration,
    hoursInTop: deal.hoursInTop,
    paymentDueDate: deal.paymentDueDate,
    postLink: deal.postLink,
  };
}
