import type { Purchase, Sale } from '@addesk/contract';
import { presentCounterpart } from '../counterpart/counterpart.presenter.js';
import type { DealReferences } from '../reference/reference.service.js';
import type { DealRow } from './deal-list.query.js';

// The two kinds share every field but a few names (spec §3): one common part, two thin presenters.

const external = (row: DealRow) => row.external && presentCounterpart.externalChannel(row.external);

const named = (names: Map<number, { id: number; name: string }>, id: number | null) =>
  (id !== null && names.get(id)) || null;

function common(row: DealRow, refs: DealReferences) {
  const { deal } = row;
  return {
    id: deal.id,
    price: Number(deal.price),
    statusId: deal.statusId,
    status: { id: deal.statusId, name: refs.names.status.get(deal.statusId) ?? '' },
    accommodationCondition: {
      accommodationTime: deal.placementAt.toISOString(),
      duration: deal.duration,
      durationType: deal.durationType,
      hoursInTop: deal.hoursInTop,
    },
    advertisementFormat: named(refs.names.format, deal.advertisementFormatId),
    contactPerson: row.contact && presentCounterpart.contact(row.contact),
    // A deal always has our channel (a foreign key); the fallback only satisfies the type.
    channelInfo: row.channel ?? { id: deal.channelId, name: '', iconLink: null },
    version: deal.version,
  };
}

export const present = {
  sale: (row: DealRow, refs: DealReferences): Sale => ({
    ...common(row, refs),
    saleDate: row.deal.dealDate,
    advertisementType: named(refs.names.type, row.deal.advertisementTypeId),
    externalChannelInfo: external(row),
    soldByEmployeeInfo: row.employee,
  }),
  purchase: (row: DealRow, refs: DealReferences): Purchase => ({
    ...common(row, refs),
    purchaseDate: row.deal.dealDate,
    externalChannel: external(row),
    purchasedByEmployeeInfo: row.employee,
  }),
};
