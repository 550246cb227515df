/** Tariff catalogue (spec §9, decisions D3). Payment is out of scope: an operator grants paid tariffs. */
export const paidTariffs = [
  { id: 'baza-3', name: 'БАЗА 3', channels: 3, months: 3, pricePerMonth: 899 },
  { id: 'setka-10', name: 'СЕТКА 10', channels: 10, months: 6, pricePerMonth: 1299 },
  { id: 'media-25', name: 'МЕДИА 25', channels: 25, months: 12, pricePerMonth: 1999 },
] as const;

export type PaidTariffId = (typeof paidTariffs)[number]['id'];

export const TRIAL = { id: 'trial', name: 'Пробный', channels: 10, months: 1 } as const;

/** Channels a user without any tariff may add. */
export const NO_TARIFF_CHANNELS = 1;
