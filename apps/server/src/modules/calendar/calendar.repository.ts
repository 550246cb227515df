import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarDays, deals } from '../../db/schema/index.js';
import { cancelledStatus, type DealScopes, liveDeal, visibleDeals } from '../../db/team-record.js';

/** One row per day (in the users' zone) and kind between two days inclusive: the first placement, its deal, the count. */
export const placementsByDay = (db: Db, teamId: number, from: string, to: string) =>
  db
    .select({
      day: calendarDays.day,
      kind: calendarDays.kind,
      firstAt: calendarDays.firstAt,
      dealId: calendarDays.firstDealId,
      count: calendarDays.dealCount,
    })
    .from(calendarDays)
    .where(and(eq(calendarDays.teamId, teamId), gte(calendarDays.day, from), lte(calendarDays.day, to)))
    .orderBy(asc(calendarDays.day), asc(calendarDays.kind));

/**
 * The same rows for a member who sees only some deals (docs/decisions/024), from the deals themselves: the roll-up is
 * the team's, and a member's calendar is a few channels' placements, read by the placement index.
 */
export async function visiblePlacementsByDay(
  db: Db,
  teamId: number,
  span: { start: Date; end: Date },
  timeZone: string,
  scopes: DealScopes,
) {
  const rows = await db
    .select({
      day: sql<string>`to_char(${deals.placementAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      kind: deals.kind,
      firstAt: sql<string>`min(${deals.placementAt})`,
      dealId: sql<string>`(array_agg(${deals.id} order by ${deals.placementAt}, ${deals.id}))[1]`,
      count: sql<number>`count(*)::int`,
    })
    .from(deals)
    .where(
      and(
        eq(deals.teamId, teamId),
        liveDeal(deals),
        sql`not ${cancelledStatus(deals.statusId)}`,
        gte(deals.placementAt, span.start),
        lt(deals.placementAt, span.end),
        visibleDeals(scopes),
      ),
    )
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`, sql`2`);
  return rows.map((row) => ({ ...row, firstAt: new Date(row.firstAt), dealId: Number(row.dealId) }));
}
