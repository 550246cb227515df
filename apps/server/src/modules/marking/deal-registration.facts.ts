import type { DealKind } from '@addesk/contract';
import type { MarkingParty } from '../../db/schema/index.js';
import type { OrdContract, OrdCreative, OrdPad, OrdPerson } from '../ord/index.js';
import type { SavedMarking } from './deal-marking.facts.js';
import { contractExternalId, creativeExternalId, dealPadExternalId, personExternalId } from './ord-ids.js';

// What a deal's registration sends to an ОРД (issue 35, decision 032), built from what the deal's card holds: pure,
// so a test reads the bodies without a network and the job only sends them. Steps go in this order because each
// names the ones before it by external id; their names are what `registration_steps` records.

/** A party with everything an ОРД needs (the card's `missing` was empty before the registration was queued). */
type Party = Required<MarkingParty>;
type Channel = { name: string; username: string | null };

export type RegistrationInput = {
  teamId: number;
  kind: DealKind;
  dealId: number;
  marking: SavedMarking;
  team: Party;
  deal: { channelId: number; externalChannelId: number | null };
  /** Where the post goes out: our channel for a sale, the seller's for a purchase. */
  pad: Channel;
};

export type RegistrationStep =
  | { name: 'client' | 'contractor'; externalId: string; body: OrdPerson }
  | { name: 'contract'; externalId: string; body: OrdContract }
  | { name: 'pad'; externalId: string; body: OrdPad }
  | { name: 'creative'; externalId: string; body: OrdCreative };

const person = (teamId: number, party: Party, role: 'advertiser' | 'publisher') => ({
  externalId: personExternalId(teamId, party.inn),
  body: {
    name: party.name,
    roles: [role],
    juridical_details: { type: party.type, inn: party.inn },
  } satisfies OrdPerson,
});

/** An amount as an ОРД writes it: roubles with kopecks, a point between them. */
const amountText = (amount: number) => amount.toFixed(2);

/**
 * The steps of a deal's registration. A sale: the advertiser (its contact) orders from us, the publisher; a purchase:
 * we advertise our channel and order from the seller. The pad is the channel the post goes out in.
 */
export function registrationSteps(input: RegistrationInput): RegistrationStep[] {
  const { teamId, kind, dealId, marking, team } = input;
  const { advertiser, seller, contract, creative } = marking as SavedMarking & {
    advertiser: Party;
    seller: Party;
  };
  const client =
    kind === 'sale' ? person(teamId, advertiser, 'advertiser') : person(teamId, team, 'advertiser');
  const contractor =
    kind === 'sale' ? person(teamId, team, 'publisher') : person(teamId, seller, 'publisher');
  const contractId = contractExternalId(teamId, dealId);
  const username = input.pad.username;
  return [
    { name: 'client', ...client },
    { name: 'contractor', ...contractor },
    {
      name: 'contract',
      externalId: contractId,
      body: {
        type: contract.type ?? 'service',
        client_external_id: client.externalId,
        contractor_external_id: contractor.externalId,
        date: contract.date ?? '',
        serial: contract.number,
        subject_type: contract.subject ?? 'distribution',
        ...(contract.amount === undefined ? {} : { amount: amountText(contract.amount) }),
        ...(contract.vatIncluded ? { flags: ['vat_included'] } : {}),
      },
    },
    {
      name: 'pad',
      externalId: dealPadExternalId(teamId, kind, input.deal),
      body: {
        person_external_id: contractor.externalId,
        is_owner: true,
        type: 'web',
        name: input.pad.name.slice(0, 100),
        ...(username ? { url: `https://t.me/${username}` } : {}),
      },
    },
    {
      name: 'creative',
      externalId: creativeExternalId(teamId, dealId),
      body: {
        contract_external_ids: [contractId],
        form: creative.form ?? 'text_block',
        kktus: creative.kktu ? [creative.kktu] : [],
        name: `Пост в «${input.pad.name}»`.slice(0, 255),
        ...(creative.text ? { texts: [creative.text] } : {}),
        ...(creative.urls?.length ? { target_urls: creative.urls } : {}),
      } as OrdCreative,
    },
  ];
}
