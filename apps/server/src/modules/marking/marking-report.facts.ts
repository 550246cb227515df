import { type DealKind, kopecksOf } from '@addesk/contract';
import type { OrdInvoice, OrdStatistics } from '../ord/index.js';
import { contractExternalId, creativeExternalId, dealPadExternalId } from './ord-ids.js';

// What a deal's month report sends to an ОРД (issue 35): its statistics (the views of its post) and its act (the
// invoice for the placement), in VK ОРД's shapes, from the figures the month's screen shows. Pure: a test reads the
// bodies without a network, the job only sends them, and the export for a manual upload states the same amounts.

/** VK ОРД's VAT rates (InvoiceV4AmountElementVatRate) that a deal can carry. */
export type VatRate = 'without_vat' | '20' | '22';

/**
 * VAT inside a price, as an act states it: a contract with VAT included carries the general rate of the act's date
 * (22 % from 2026-01-01, 20 % before: the limit VK ОРД's description sets by the act's date); one without, no VAT.
 * Exact to the kopeck: the VAT is rounded, the amount without it is the rest.
 */
export function vatOf(price: number, vatIncluded: boolean, day: string) {
  const rate: VatRate = !vatIncluded ? 'without_vat' : day >= '2026-01-01' ? '22' : '20';
  const percent = rate === 'without_vat' ? 0 : Number(rate);
  const including = kopecksOf(price);
  const vat = Math.round((including * percent) / (100 + percent));
  return { rate, vat: vat / 100, excluding: (including - vat) / 100, including: including / 100 };
}

/** What a report is made of: the deal, its placement day (the team's), the views to report and the act's amount. */
export type ReportInput = {
  teamId: number;
  kind: DealKind;
  dealId: number;
  channelId: number;
  externalChannelId: number | null;
  day: string;
  views: number | null;
  price: number;
  vatIncluded: boolean;
};

const money = (amount: number) => amount.toFixed(2);

const amountOf = (input: ReportInput) => {
  const vat = vatOf(input.price, input.vatIncluded, input.day);
  return {
    excluding_vat: money(vat.excluding),
    vat_rate: vat.rate,
    vat: money(vat.vat),
    including_vat: money(vat.including),
  };
};

/** `POST /v3/statistics`: the post's views on its placement day, at the creative and pad the registration named. */
export function statisticsBody(input: ReportInput & { views: number }): OrdStatistics {
  return {
    items: [
      {
        creative_external_id: creativeExternalId(input.teamId, input.dealId),
        pad_external_id: dealPadExternalId(input.teamId, input.kind, input),
        shows_count: input.views,
        date_start_actual: input.day,
        date_end_actual: input.day,
        pay_type: 'other',
        // No amount: the act states it. (The description's amount here allows VAT rates that its own `anyOf` then
        // refuses for 'without_vat', the rate of most channel owners.)
      },
    ],
  };
}

/**
 * `PUT /v4/invoice/{external_id}`: the act for the placement, on the deal's contract, dated its placement day. A sale's advertiser orders from us (the
 * publisher); a purchase's advertiser is the team, ordering from the seller (the publisher).
 */
export function invoiceBody(input: ReportInput): OrdInvoice {
  // No items: an allocation over initial contracts is an agency's; a direct contract's act has none (and the
  // description's item amount is both its V3 and V4 shapes at once, so 'without_vat' could never pass there).
  return {
    contract_external_id: contractExternalId(input.teamId, input.dealId),
    date: input.day,
    date_start: input.day,
    date_end: input.day,
    amount: { services: amountOf(input) },
    client_role: 'advertiser',
    contractor_role: 'publisher',
  };
}
