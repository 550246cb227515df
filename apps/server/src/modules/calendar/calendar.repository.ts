import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deals } from '../../db/schema/index.js';
import { USER_TIME_ZONE } from '../../lib/dates.js';

/** One row per day (in the users' zone) and kind: the first placement, its deal and the count. */
export function placementsByDay(db: Db, teamId: number, from: Date, to: Date) {
  // The zone is a constant written into the SQL: as a bound parameter, GROUP BY would not match the selected day.
  const day = sql<string>`((${deals.placementAt} at time zone ${sql.raw(`'${USER_TIME_ZONE}'`)})::date)::text`;
  return db
    .select({
      day,
      kind: deals.kind,
      firstAt: sql<Date>`min(${deals.placementAt})`.mapWith((value: string | Date) => new Date(value)),
      dealId: sql<number>`(array_agg(${deals.id} order by ${deals.placementAt}, ${deals.id}))[1]`.mapWith(
        Number,
      ),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(deals)
    .where(and(eq(deals.teamId, teamId), gte(deals.placementAt, from), lt(deals.placementAt, to)))
    .groupBy(day, deals.kind)
    .orderBy(day, deals.kind);
}
