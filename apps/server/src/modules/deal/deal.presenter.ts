import type { Purchase, Sale } from '@addesk/contract';
import type { DealRow } from './deal.repository.js';

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

function common(row: DealRow) {
  const contact = counterpart(row.contact);
  return {
    id: row.id,
    price: Number(row.price),
    statusId: row.statusId,
    status: { id: row.statusId, name: row.statusName },
    accommodationCondition: {
      accommodationTime: row.placementAt.toISOString(),
      duration: row.duration,
      durationType: row.durationType,
      hoursInTop: row.hoursInTop,
    },
    advertisementFormat: row.format,
    contactPerson: contact && {
      id: contact.id,
      externalUserId: contact.telegramId,
      name: contact.name,
      iconLink: contact.iconLink,
      profileLink: contact.link,
    },
    // A deal always has our channel (a foreign key); the fallback only satisfies the type.
    channelInfo: row.channel ?? { id: row.channelId, name: '', iconLink: null },
    version: row.version,
  };
}

export const present = {
  sale: (row: DealRow): Sale => ({
    ...common(row),
    saleDate: row.dealDate,
    advertisementType: row.type,
    externalChannelInfo: external(row),
    soldByEmployeeInfo: row.employee,
  }),
  purchase: (row: DealRow): Purchase => ({
    ...common(row),
    purchaseDate: row.dealDate,
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
