/** A valid POST /api/sale body (spec §3) on the given channel, with overrides. */
export const salePayload = (channelId: number, overrides: Record<string, unknown> = {}) => ({
  accommodationCondition: {
    accommodationTime: '2026-05-20T15:30:00+03:00',
    duration: 0,
    durationType: 'INFINITY',
    hoursInTop: 2,
  },
  advertisementFormatId: 1,
  advertisementTypeId: 2,
  // 'Новая' (reference data of migration 0003).
  statusId: 1,
  channelId,
  contactPerson: { name: 'Олег Рекламов' },
  externalChannelInfo: { name: 'Большой канал' },
  price: 12500.5,
  saleDate: '2026-05-18',
  ...overrides,
});
