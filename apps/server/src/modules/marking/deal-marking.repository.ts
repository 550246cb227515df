import type { DealKind } from '@addesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  contactLegal,
  dealMarkings,
  deals,
  type MarkingContract,
  type MarkingCreative,
  type MarkingParty,
  teamLegal,
} from '../../db/schema/index.js';
import { liveDeal } from '../../db/team-record.js';

/**
 * A live deal of the team with its marking, what its contact's marking last said of them, and whether the team's own
 * legal details are set; undefined: no such live deal.
 */
export async function findDealMarking(db: Db, teamId: number, kind: DealKind, dealId: number) {
  const [row] = await db
    .select({
      channelId: deals.channelId,
      employeeId: deals.employeeId,
      contactId: deals.contactId,
      postLink: deals.postLink,
      registeredBy: dealMarkings.registeredBy,
      reason: dealMarkings.reason,
      erid: dealMarkings.erid,
      advertiser: dealMarkings.advertiser,
      seller: dealMarkings.seller,
      contract: dealMarkings.contract,
      creative: dealMarkings.creative,
      erirStatus: dealMarkings.erirStatus,
      registration: dealMarkings.registration,
      registrationError: dealMarkings.registrationError,
      contactLegal: contactLegal.details,
      teamLegalSet: sql<boolean>`${teamLegal.teamId} is not null`,
      teamLegal: { type: teamLegal.type, name: teamLegal.name, inn: teamLegal.inn },
    })
    .from(deals)
    .leftJoin(dealMarkings, and(eq(dealMarkings.teamId, deals.teamId), eq(dealMarkings.dealId, deals.id)))
    .leftJoin(
      contactLegal,
      and(eq(contactLegal.teamId, deals.teamId), eq(contactLegal.contactId, deals.contactId)),
    )
    .leftJoin(teamLegal, eq(teamLegal.teamId, deals.teamId))
    .where(and(eq(deals.teamId, teamId), eq(deals.kind, kind), eq(deals.id, dealId), liveDeal(deals)));
  return row;
}

export type MarkingValues = {
  registeredBy: 'us' | 'counterpart' | 'not_required';
  reason: string | null;
  erid: string | null;
  advertiser: MarkingParty;
  seller: MarkingParty;
  contract: MarkingContract;
  creative: MarkingCreative;
};

export async function saveDealMarking(db: Db, teamId: number, dealId: number, values: MarkingValues) {
  await db
    .insert(dealMarkings)
    .values({ teamId, dealId, ...values })
    .onConflictDoUpdate({
      target: [dealMarkings.teamId, dealMarkings.dealId],
      // Changed data is registered whole again: what the ОРД accepted of the old is no longer what we would send.
      set: { ...values, registrationSteps: [], updatedAt: sql`now()` },
    });
}

/** Remembers a contact's legal details for their next deal. */
export async function rememberContactLegal(db: Db, teamId: number, contactId: number, details: MarkingParty) {
  await db
    .insert(contactLegal)
    .values({ teamId, contactId, details })
    .onConflictDoUpdate({
      target: [contactLegal.teamId, contactLegal.contactId],
      set: { details, updatedAt: sql`now()` },
    });
}
