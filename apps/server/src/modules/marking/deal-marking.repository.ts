import type { DealKind } from '@addesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  contactLegal,
  dealMarkings,
  deals,
  type MarkingContract,
  type MarkingCreative,
  type MarkingParty,
  markingReports,
  teamLegal,
} from '../../db/schema/index.js';
import { liveDeal } from '../../db/team-record.js';

/** The columns of `deals`, or of a page of it selected under the same names, that a marking is read with. */
type DealKeys = Record<'teamId' | 'id' | 'channelId' | 'employeeId' | 'contactId' | 'postLink', AnyPgColumn>;

/**
 * What a deal's marking is read with, the card's and the month's alike: the deal's own columns that matter, its
 * marking, its month's report, what its contact's marking last said of them, and the team's own legal details. The
 * joins are `markingJoins`' (written out below where each query is). `deal` is `deals` or a page of it (the month's).
 */
export const markingColumns = <D extends DealKeys>(deal: D) => ({
  channelId: deal.channelId,
  employeeId: deal.employeeId,
  contactId: deal.contactId,
  postLink: deal.postLink,
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
  registrationSteps: dealMarkings.registrationSteps,
  statistics: markingReports.statistics,
  statisticsError: markingReports.statisticsError,
  act: markingReports.act,
  actError: markingReports.actError,
  contactLegal: contactLegal.details,
  teamLegalSet: sql<boolean>`${teamLegal.teamId} is not null`,
  teamLegal: { type: teamLegal.type, name: teamLegal.name, inn: teamLegal.inn },
});

/** The joins `markingColumns` reads, each by its table's key (team first). */
export const markingJoins = (deal: DealKeys) => ({
  marking: and(eq(dealMarkings.teamId, deal.teamId), eq(dealMarkings.dealId, deal.id)),
  report: and(eq(markingReports.teamId, deal.teamId), eq(markingReports.dealId, deal.id)),
  contactLegal: and(eq(contactLegal.teamId, deal.teamId), eq(contactLegal.contactId, deal.contactId)),
  teamLegal: eq(teamLegal.teamId, deal.teamId),
});

/**
 * A live deal of the team with its marking, its month's report, what its contact's marking last said of them, and
 * whether the team's own legal details are set; undefined: no such live deal.
 */
export async function findDealMarking(db: Db, teamId: number, kind: DealKind, dealId: number) {
  const joins = markingJoins(deals);
  const [row] = await db
    .select(markingColumns(deals))
    .from(deals)
    .leftJoin(dealMarkings, joins.marking)
    .leftJoin(markingReports, joins.report)
    .leftJoin(contactLegal, joins.contactLegal)
    .leftJoin(teamLegal, joins.teamLegal)
    .where(and(eq(deals.teamId, teamId), eq(deals.kind, kind), eq(deals.id, dealId), liveDeal(deals)));
  return row;
}

export type MarkingValues = {
  /** The deal's (the generated completeness depends on it). */
  kind: DealKind;
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
