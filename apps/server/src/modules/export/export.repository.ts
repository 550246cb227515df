import type { DealKind } from '@addesk/contract';
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { counterpartName, withDealParties } from '../../db/deal-parties.js';
import { channels, dealPayments, deals } from '../../db/schema/index.js';
import { cancelledStatus, liveDeal, teamRecord } from '../../db/team-record.js';

/** A finance export's rows: the team's, in a period of days (both included), of one channel or all. */
export type FinancePeriod = { teamId: number; from: string; to: string; channelIds: number[] | undefined };

/** Where the next batch starts: after this row in the order (its day, then its id). */
export type DayCursor = { day: string; id: number };

/**
 * A batch of one kind's deals dated in the period, oldest first: the kind's date index read forwards from the cursor
 * (a channel's index with a channel), so each batch costs the same however far into the period it is. A cancelled
 * deal carries no money by its date, as in the finance summary (docs/decisions/016); its payments still count by
 * theirs (cashBatch).
 */
export function accrualBatch(
  db: Db,
  period: FinancePeriod,
  kind: DealKind,
  after: DayCursor | undefined,
  limit: number,
) {
  return withDealParties(
    db
      .select({
        id: deals.id,
        day: deals.dealDate,
        channel: channels.name,
        counterpart: counterpartName,
        amount: deals.price,
      })
      .from(deals),
  )
    .where(
      and(
        eq(deals.teamId, period.teamId),
        eq(deals.kind, kind),
        liveDeal(deals),
        period.channelIds === undefined ? undefined : inArray(deals.channelId, period.channelIds),
        gte(deals.dealDate, period.from),
        lte(deals.dealDate, period.to),
        sql`not ${cancelledStatus(deals.statusId)}`,
        after && sql`(${deals.dealDate}, ${deals.id}) > (${after.day}::date, ${after.id})`,
      ),
    )
    .orderBy(asc(deals.dealDate), asc(deals.id))
    .limit(limit);
}

/**
 * A batch of the payments paid in the period, oldest first, with their deal's kind, channel and other side; a deleted
 * deal's payments are left out, as in the finance summary.
 */
export function cashBatch(db: Db, period: FinancePeriod, after: DayCursor | undefined, limit: number) {
  const where: (SQL | undefined)[] = [
    eq(dealPayments.teamId, period.teamId),
    gte(dealPayments.paidAt, period.from),
    lte(dealPayments.paidAt, period.to),
    liveDeal(deals),
    period.channelIds === undefined ? undefined : inArray(deals.channelId, period.channelIds),
    after && sql`(${dealPayments.paidAt}, ${dealPayments.id}) > (${after.day}::date, ${after.id})`,
  ];
  return withDealParties(
    db
      .select({
        id: dealPayments.id,
        day: dealPayments.paidAt,
        kind: deals.kind,
        channel: channels.name,
        counterpart: counterpartName,
        amount: dealPayments.amount,
        note: dealPayments.note,
      })
      .from(dealPayments)
      .innerJoin(deals, teamRecord(deals, dealPayments.teamId, dealPayments.dealId)),
  )
    .where(and(...where))
    .orderBy(asc(dealPayments.paidAt), asc(dealPayments.id))
    .limit(limit);
}
