import type { Purchase, Sale } from '@addesk/contract';
import { type DealKind, inCommonNames, type PaymentState } from '@addesk/contract/plain';
import { paymentStateShown } from '../components/payment-state-badge';
import { dealTexts } from './kinds';

/** What the list screens show of a deal, the same for both kinds (spec §2.5/§2.6 with decisions D2). */
export type DealRow = {
  id: number;
  price: number;
  /** The status's name, else 'Без статуса'. */
  status: string;
  /** The sale or purchase date (yyyy-MM-dd): what the list is sorted and filtered by (decisions D5). */
  date: string;
  /** The placement's date and time (ISO), shown on the team's clock. */
  placedAt: string;
  /** Our channel. */
  channel: { name: string; iconLink: string | null };
  /**
   * Whom we sold to or bought from: the contact person, else the other side's channel; `missing` when the deal names
   * neither ('Не указан', drawn as a neutral placeholder rather than an avatar of those words).
   */
  counterpart: { name: string; iconLink: string | null; missing?: true };
  /** Its status cancels it: listed and counted, its price struck through and left out of the totals. */
  cancelled: boolean;
  /** Paid, partly, not paid or overdue (decisions D5), as the server derived it today; none once cancelled. */
  paymentState: PaymentState | undefined;
  /**
   * A purchase with an invite link: the price of one subscriber who joined through it, null while nobody has.
   * Undefined for a sale and for a purchase without a link: there is nothing to show.
   */
  costPerSubscriber?: number | null;
  /** A purchase's price of a thousand views of its post (issue 36); undefined for a sale and while no view is known. */
  cpm?: number;
};

const named = (name: string | null | undefined) => name?.trim() || undefined;

/** A sale or a purchase as a row, read in the common names of the contract's `dealVocabulary`. */
export function toDealRow(kind: DealKind, deal: Sale | Purchase): DealRow {
  const { external, date } = inCommonNames(kind, deal);
  const contactName = named(deal.contactPerson?.name);
  let counterpart: DealRow['counterpart'];
  if (deal.contactPerson && contactName) {
    counterpart = { name: contactName, iconLink: deal.contactPerson.iconLink };
  } else if (external) {
    counterpart = { name: named(external.name) ?? dealTexts.unknownChannel, iconLink: external.iconLink };
  } else {
    counterpart = { name: dealTexts.noContact, iconLink: null, missing: true };
  }
  return {
    id: deal.id,
    price: deal.price,
    status: named(deal.status?.name) ?? dealTexts.noStatus,
    date,
    placedAt: deal.accommodationCondition.accommodationTime,
    channel: {
      name: named(deal.channelInfo?.name) ?? dealTexts.unknownChannel,
      iconLink: deal.channelInfo?.iconLink ?? null,
    },
    counterpart,
    cancelled: deal.cancelled,
    paymentState: paymentStateShown(deal),
    ...('subscribers' in deal && deal.subscribers !== null && { costPerSubscriber: deal.costPerSubscriber }),
    ...(kind === 'purchase' && deal.cpm != null && { cpm: deal.cpm }),
  };
}
