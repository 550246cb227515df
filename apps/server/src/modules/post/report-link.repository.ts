import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dealReportLinks, deals } from '../../db/schema/index.js';
import { liveDeal } from '../../db/team-record.js';

// A deal's public report link (docs/decisions/031): one live token hash per deal, found by the hash alone.

export async function replaceReportLink(db: Db, teamId: number, dealId: number, tokenHash: string) {
  await db
    .insert(dealReportLinks)
    .values({ teamId, dealId, tokenHash })
    .onConflictDoUpdate({
      target: [dealReportLinks.teamId, dealReportLinks.dealId],
      set: { tokenHash, createdAt: sql`now()` },
    });
}

export async function deleteReportLink(db: Db, teamId: number, dealId: number) {
  await db
    .delete(dealReportLinks)
    .where(and(eq(dealReportLinks.teamId, teamId), eq(dealReportLinks.dealId, dealId)));
}

export async function reportShared(db: Db, teamId: number, dealId: number) {
  const [row] = await db
    .select({ dealId: dealReportLinks.dealId })
    .from(dealReportLinks)
    .where(and(eq(dealReportLinks.teamId, teamId), eq(dealReportLinks.dealId, dealId)));
  return row !== undefined;
}

/** The live deal a report token's hash opens; undefined when revoked, unknown or the deal is deleted. */
export async function reportDeal(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ teamId: dealReportLinks.teamId, dealId: dealReportLinks.dealId, kind: deals.kind })
    .from(dealReportLinks)
    .innerJoin(deals, and(eq(deals.teamId, dealReportLinks.teamId), eq(deals.id, dealReportLinks.dealId)))
    .where(and(eq(dealReportLinks.tokenHash, tokenHash), liveDeal(deals)));
  return row;
}
