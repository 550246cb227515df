import type { Purchase, Sale } from '@addesk/contract';
import type { DealRow } from './deal.repository.js';

// The two kinds share every field but a few names (spec §3): one common part, two thin presenters.

const named = (id: number | null, name: string | null) =>
  id === null || name === null ? null : { id, name };
const telegramLink = (username: string | null) => (username ? `https://t.me/${username}` : null);

function external(row: DealRow) {
  if (row.externalId === null) return null;
  return {
    id: row.externalId,
    externalChannelId: row.externalTelegramId,
    name: row.externalName ?? '',
    iconLink: row.externalIcon,
    channelLink: telegramLink(row.externalUsername),
  };
}

function employee(row: DealRow) {
  if (row.employeeId === null) return null;
  return {
    id: row.employeeId,
    firstName: row.employeeFirstName ?? '',
    secondName: row.employeeSecondName ?? '',
    iconLink: row.employeeIcon,
  };
}

function common(row: DealRow) {
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
    advertisementFormat: named(row.formatId, row.formatName),
    contactPerson:
      row.contactId === null
        ? null
        : {
            id: row.contactId,
            externalUserId: row.contactTelegramId,
            name: row.contactName ?? '',
            iconLink: row.contactIcon,
            profileLink: telegramLink(row.contactUsername),
          },
    channelInfo: { id: row.channelId, name: row.channelName, iconLink: row.channelIcon },
    version: row.version,
  };
}

export const present = {
  sale: (row: DealRow): Sale => ({
    ...common(row),
    saleDate: row.dealDate,
    advertisementType: named(row.typeId, row.typeName),
    externalChannelInfo: external(row),
    soldByEmployeeInfo: employee(row),
  }),
  purchase: (row: DealRow): Purchase => ({
    ...common(row),
    purchaseDate: row.dealDate,
    externalChannel: external(row),
    purchasedByEmployeeInfo: employee(row),
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
