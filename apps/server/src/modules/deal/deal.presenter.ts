import type { Purchase, Sale } from '@addesk/contract';
import type { DealReferences, DealRow } from './deal.repository.js';

// The two kinds share every field but a few names (spec §3): one common part, two thin presenters.

const telegramLink = (username: string | null) => (username ? `https://t.me/${username}` : null);

function counterpart(record: DealRow['external']) {
  return (
    record && {
      id: record.id,
      name: record.name,
      iconLink: record.iconLink,
      telegramId: record.telegramId,
      link: telegramLink(record.username),
    }
  );
}

function external(row: DealRow) {
  const c = counterpart(row.external);
  return (
    c && {
      id: c.id,
      externalChannelId: c.telegramId,
      name: c.name,
      iconLink: c.iconLink,
      channelLink: c.link,
    }
  );
}

const named = (names: Map<number, { id: number; name: string }>, id: number | null) =>
  (id !== null && names.get(id)) || null;

function common(row: DealRow, refs: DealReferences) {
  const { deal } = row;
  const contact = counterpart(row.contact);
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
    contactPerson: contact && {
      id: contact.id,
      externalUserId: contact.telegramId,
      name: contact.name,
      iconLink: contact.iconLink,
      profileLink: contact.link,
    },
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

export const presentCounterpart = {
  externalChannel: (row: {
    id: number;
    name: string;
    username: string | null;
    telegramId: number | null;
    iconLink: string | null;
  }) => ({
    id: row.id,
    externalChannelId: row.telegramId,
    name: row.name,
    iconLink: row.iconLink,
    channelLink: telegramLink(row.username),
  }),
  contact: (row: {
    id: number;
    name: string;
    username: string | null;
    telegramId: number | null;
    iconLink: string | null;
  }) => ({
    id: row.id,
    externalUserId: row.telegramId,
    name: row.name,
    iconLink: row.iconLink,
    profileLink: telegramLink(row.username),
  }),
};
