import { type DealKind, type DealMarking, type DealMarkingInput, dealVocabulary } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import type { MarkingParty } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { changesDeal, seesDeal } from '../access/index.js';
import { type MarkingContext, presentMarking, type SavedMarking } from './deal-marking.facts.js';
import * as repo from './deal-marking.repository.js';

// A deal's marking on its screen (issue 35): read by whoever sees the deal, written by whoever may change it.

/** A deal with its marking as `markingColumns` reads it: the card's row and the month's alike. */
export type MarkingRow = NonNullable<Awaited<ReturnType<typeof repo.findDealMarking>>>;
type Row = MarkingRow;

export async function dealOf(
  db: Db,
  caller: SessionCaller,
  kind: DealKind,
  id: number,
  need: 'see' | 'change',
) {
  const row = await repo.findDealMarking(db, caller.teamId, kind, id);
  if (!row || !seesDeal(caller.access, kind, row)) throw notFound(dealVocabulary[kind].words.notFound);
  if (need === 'change' && !changesDeal(caller.access, kind, row))
    throw new AppError('FORBIDDEN', 'Маркировку заполняет тот, кто может менять сделку');
  return row;
}

/** Only the fields given: the parts' JSON keeps no empty keys, so 'missing' reads a field as absent one way. */
const given = <T extends object>(part: T | null | undefined): Partial<T> =>
  Object.fromEntries(
    Object.entries(part ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Partial<T>;

/**
 * The advertiser of a deal not marked yet: a sale's is its contact, as their last deal's marking gave them; a
 * purchase's is the team itself (we advertise our channel).
 */
const defaultAdvertiser = (kind: DealKind, row: Row): MarkingParty =>
  kind === 'sale' ? (row.contactLegal ?? {}) : given(row.teamLegal);

export function savedOf(kind: DealKind, row: Row): SavedMarking {
  return {
    registeredBy: row.registeredBy,
    reason: row.reason,
    erid: row.erid,
    advertiser: row.registeredBy === null ? defaultAdvertiser(kind, row) : (row.advertiser ?? {}),
    seller: row.registeredBy === null && kind === 'purchase' ? (row.contactLegal ?? {}) : (row.seller ?? {}),
    contract: row.contract ?? {},
    creative: row.creative ?? {},
    erirStatus: row.erirStatus,
    registration: row.registration && { status: row.registration, message: row.registrationError },
  };
}

/** What decides a row's state beside its marking (the month's report too): the card's and the month's alike. */
export const contextOf = (kind: DealKind, row: Row): MarkingContext => ({
  kind,
  teamLegalSet: row.teamLegalSet,
  postLink: row.postLink,
  statisticsSent: row.statistics === 'done',
  actSent: row.act === 'done',
});

export const present = (kind: DealKind, row: Row): DealMarking =>
  presentMarking(savedOf(kind, row), contextOf(kind, row));

export async function getDealMarking(db: Db, caller: SessionCaller, kind: DealKind, id: number) {
  return present(kind, await dealOf(db, caller, kind, id, 'see'));
}

/** Saves the marking whole (the card sends every field it shows) and answers it as it now stands. */
export function putDealMarking(
  db: Db,
  caller: SessionCaller,
  kind: DealKind,
  id: number,
  input: DealMarkingInput,
) {
  return db.transaction(async (tx) => {
    const row = await dealOf(tx, caller, kind, id, 'change');
    const advertiser = given(input.advertiser);
    const seller = kind === 'purchase' ? given(input.seller) : {};
    await repo.saveDealMarking(tx, caller.teamId, id, {
      kind,
      registeredBy: input.registeredBy,
      reason: input.reason || null,
      erid: input.erid || null,
      advertiser,
      seller,
      contract: given(input.contract),
      creative: given(input.creative),
    });
    // The contact is the other side: a sale's advertiser, a purchase's seller. Their next deal starts from this.
    const counterpart = kind === 'sale' ? advertiser : seller;
    if (row.contactId !== null && (counterpart.inn || counterpart.name))
      await repo.rememberContactLegal(tx, caller.teamId, row.contactId, counterpart);
    return present(kind, await dealOf(tx, caller, kind, id, 'see'));
  });
}
