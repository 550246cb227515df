import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarDays } from '../../db/schema/index.js';

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
