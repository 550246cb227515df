// Our own external ids for what we register with an ОРД (issue 35): the same string for the same thing on every call,
// so an ОРД's PUTs by external id are idempotent and a retry registers nothing twice. Pure: the registration job, the
// month's sending and the export for a manual upload name things alike.

const prefix = (teamId: number) => `addesk-${teamId}`;

/** A party (the team itself, an advertiser, a seller) by its ИНН: one person per ИНН within a team. */
export const personExternalId = (teamId: number, inn: string) => `${prefix(teamId)}-person-${inn}`;

/** A deal's contract. */
export const contractExternalId = (teamId: number, dealId: number) => `${prefix(teamId)}-contract-${dealId}`;

/** A channel as an ОРД's pad (platform): ours by its id, another's (an external channel) by its id with an `x`. */
const padExternalId = (teamId: number, channelId: number) => `${prefix(teamId)}-pad-${channelId}`;
const externalPadId = (teamId: number, externalChannelId: number) =>
  `${prefix(teamId)}-pad-x${externalChannelId}`;

/** Where a deal's post goes out: a sale's in our channel, a purchase's in the seller's. */
export const dealPadExternalId = (
  teamId: number,
  kind: 'sale' | 'purchase',
  deal: { channelId: number; externalChannelId: number | null },
) =>
  kind === 'purchase' && deal.externalChannelId !== null
    ? externalPadId(teamId, deal.externalChannelId)
    : padExternalId(teamId, deal.channelId);

/** A deal's creative (its post). */
export const creativeExternalId = (teamId: number, dealId: number) => `${prefix(teamId)}-creative-${dealId}`;

/** A deal's act (invoice) for the month of its placement: one per deal, sent again under the same id. */
export const invoiceExternalId = (teamId: number, dealId: number) => `${prefix(teamId)}-invoice-${dealId}`;
