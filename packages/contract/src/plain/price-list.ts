import type { DurationType } from './deal.js';

// A channel's price list (issue 33): what both the server's check and the deal form's lookup agree a line's terms are.

export type PriceTerms = {
  advertisementFormatId: number;
  durationType: DurationType;
  duration: number | null;
  hoursInTop: number;
};

/** The terms a deal's price is looked up by: two lines with the same key would give one deal two prices. */
export const priceTermKey = (row: PriceTerms) =>
  [
    row.advertisementFormatId,
    row.durationType,
    row.durationType === 'INFINITY' ? 0 : (row.duration ?? 0),
    row.hoursInTop,
  ].join(':');

export const MAX_CHANNEL_PRICES = 50;
export const DUPLICATE_PRICE = 'Такая строка уже есть в прайсе';
