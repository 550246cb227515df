import type { DealKind } from '@addesk/contract';
import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deals } from '../../db/schema/index.js';
import { liveDeal } from '../../db/team-record.js';

/**
 * Holds the team's live deals of this kind among `ids` until commit, in id order, and answers what a bulk change reads.
 * Two bulk calls over overlapping deals lock them in the same order, so they wait for each other instead of
 * deadlocking; a single edit of one of them waits too, and then finds a new version (409) or goes first.
 */
export function lockLiveDeals(db: Db, teamId: number, kind: DealKind, ids: number[]) {
  return db
    .select({
      id: deals.id,
      channelId: deals.channelId,
      employeeId: deals.employeeId,
      version: deals.version,
      statusId: deals.statusId,
      price: deals.price,
      paidAmount: deals.paidAmount,
    })
    .from(deals)
    .where(and(eq(deals.teamId, teamId), eq(deals.kind, kind), inArray(deals.id, ids), liveDeal(deals)))
    .orderBy(asc(deals.id))
    .for('update');
}

/** Where a page of the bin starts: after this deletion (its instant as PostgreSQL writes it, to the microsecond). */
export type DeletedCursor = { deletedAt: string; id: number };

/**
 * A page of the team's deals of one kind deleted after `since` (still restorable), newest deletion first; limit + 1
 * rows. `visible`: the channels and people whose deals the caller sees (modules/access); undefined: all. Read from
 * the small index of deleted deals (deals_team_deleted_idx).
 */
export function deletedDeals(
  db: Db,
  teamId: number,
  kind: DealKind,
  page: {
    since: Date;
    visible: { channelIds: number[]; employeeIds: number[] } | undefined;
    after: DeletedCursor | undefined;
    limit: number;
  },
) {
  const { visible, after } = page;
  return db
    .select({ id: deals.id, deletedAt: deals.deletedAt, key: sql<string>`${deals.deletedAt}::text` })
    .from(deals)
    .where(
      and(
        eq(deals.teamId, teamId),
        eq(deals.kind, kind),
        gt(deals.deletedAt, page.since),
        visible &&
          or(inArray(deals.channelId, visible.channelIds), inArray(deals.employeeId, visible.employeeIds)),
        after && sql`(${deals.deletedAt}, ${deals.id}) < (${after.deletedAt}::timestamptz, ${after.id})`,
      ),
    )
    .orderBy(desc(deals.deletedAt), desc(deals.id))
    .limit(page.limit + 1);
}
