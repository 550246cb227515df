import type { DealKind } from '@addesk/contract';
import { and, asc, type Column, desc, eq, exists, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { counterpartName, withDealParties } from '../../db/deal-parties.js';
import { channels, deals } from '../../db/schema/index.js';
import { cancelledStatus, liveDeal } from '../../db/team-record.js';

/** Where a page starts: after this placement, in the schedule's order. */
export type ScheduleCursor = { placementAt: string; id: number };

/**
 * The most hours in the top any of the team's sales has: how far back a sale can start and still hold the top at
 * a given time. One step down the (team, kind, hours in top) index.
 */
export async function longestTopHours(db: Db, teamId: number): Promise<number> {
  const [row] = await db
    .select({ hours: deals.hoursInTop })
    .from(deals)
    .where(and(eq(deals.teamId, teamId), eq(deals.kind, 'sale'), liveDeal(deals)))
    .orderBy(desc(deals.hoursInTop))
    .limit(1);
  return row?.hours ?? 0;
}

/** The team's rule of what collides: its minimum gap and its longest top, in minutes and hours. */
export type SlotRule = { gapMinutes: number; longestTopHours: number };

/** A slot a sale takes on a channel: its start and its hours in the top, as SQL (a row's columns or given values). */
type Slot = { teamId: SQL | Column; channelId: SQL | Column; start: SQL | Column; hoursInTop: SQL | Column };

const other = alias(deals, 'other');

/**
 * Whether the sale `other` (live, not cancelled) collides with the slot: their top windows, start to start + hours in
 * the top and at least an hour, overlap, or their starts are closer than the team's minimum gap. The first two
 * bounds hold the search to a short range of the (team, channel, placement) index: no sale starting longer ago than
 * the team's longest top, or the gap, reaches the slot.
 */
function collidesWith(slot: Slot, rule: SlotRule) {
  const top = (hours: SQL | Column) => sql`greatest(${hours}, 1) * interval '1 hour'`;
  const gap = sql`${rule.gapMinutes}::int * interval '1 minute'`;
  const longestTop = top(sql`${rule.longestTopHours}::int`);
  return and(
    eq(other.teamId, slot.teamId),
    eq(other.channelId, slot.channelId),
    eq(other.kind, 'sale'),
    liveDeal(other),
    sql`not ${cancelledStatus(other.statusId)}`,
    sql`${other.placementAt} > ${slot.start} - greatest(${longestTop}, ${gap})`,
    sql`${other.placementAt} < ${slot.start} + greatest(${top(slot.hoursInTop)}, ${gap})`,
    sql`((${other.placementAt} < ${slot.start} + ${top(slot.hoursInTop)}
          and ${slot.start} < ${other.placementAt} + ${top(other.hoursInTop)})
      or (${other.placementAt} > ${slot.start} - ${gap} and ${other.placementAt} < ${slot.start} + ${gap}))`,
  );
}

export type ScheduleFilters = {
  start: Date;
  end: Date;
  /** The channels whose placements are listed; undefined: all of the team's. */
  channelIds: number[] | undefined;
  kind: DealKind | undefined;
};

/**
 * The team's placements in [start, end), earliest first, id as tie-break; limit + 1 rows. A sale carries whether
 * another sale on its channel collides with it.
 */
export function listPlacements(
  db: Db,
  teamId: number,
  filters: ScheduleFilters,
  rule: SlotRule,
  page: { limit: number; after: ScheduleCursor | undefined },
) {
  const conflict = exists(
    db
      .select({ one: sql`1` })
      .from(other)
      .where(
        and(
          collidesWith(
            {
              teamId: deals.teamId,
              channelId: deals.channelId,
              start: deals.placementAt,
              hoursInTop: deals.hoursInTop,
            },
            rule,
          ),
          ne(other.id, deals.id),
        ),
      ),
  );
  const { after } = page;
  return withDealParties(
    db
      .select({
        kind: deals.kind,
        id: deals.id,
        channel: { id: channels.id, name: channels.name, iconLink: channels.iconLink },
        counterpartName,
        formatId: deals.advertisementFormatId,
        statusId: deals.statusId,
        placementAt: deals.placementAt,
        hoursInTop: deals.hoursInTop,
        durationType: deals.durationType,
        duration: deals.duration,
        conflict: sql<boolean>`(${deals.kind} = 'sale' and not ${cancelledStatus(deals.statusId)} and ${conflict})`,
      })
      .from(deals),
  )
    .where(
      and(
        eq(deals.teamId, teamId),
        liveDeal(deals),
        gte(deals.placementAt, filters.start),
        lt(deals.placementAt, filters.end),
        filters.kind && eq(deals.kind, filters.kind),
        filters.channelIds === undefined ? undefined : inArray(deals.channelId, filters.channelIds),
        after && sql`(${deals.placementAt}, ${deals.id}) > (${after.placementAt}::timestamptz, ${after.id})`,
      ),
    )
    .orderBy(asc(deals.placementAt), asc(deals.id))
    .limit(page.limit + 1);
}

export type PlacementRow = Awaited<ReturnType<typeof listPlacements>>[number];

/** At most this many colliding sales are listed: the warning names a few, and a channel's month is bounded. */
const MAX_CONFLICTS = 50;

/** The team's sales on the channel that collide with a slot, earliest first; `excludeId` is never one of them. */
export function findConflicts(
  db: Db,
  teamId: number,
  slot: { channelId: number; start: Date; hoursInTop: number; excludeId: number | undefined },
  rule: SlotRule,
) {
  return withDealParties(
    db
      .select({
        id: other.id,
        channel: { id: channels.id, name: channels.name },
        counterpartName,
        placementAt: other.placementAt,
        hoursInTop: other.hoursInTop,
      })
      .from(other),
    { deal: other },
  )
    .where(
      and(
        collidesWith(
          {
            teamId: sql`${teamId}::bigint`,
            channelId: sql`${slot.channelId}::bigint`,
            start: sql`${slot.start.toISOString()}::timestamptz`,
            hoursInTop: sql`${slot.hoursInTop}::int`,
          },
          rule,
        ),
        slot.excludeId === undefined ? undefined : ne(other.id, slot.excludeId),
      ),
    )
    .orderBy(asc(other.placementAt), asc(other.id))
    .limit(MAX_CONFLICTS);
}

/** How many placements a channel has on each day of the team's zone in [start, end), by kind. */
export function countByDay(
  db: Db,
  teamId: number,
  filters: { start: Date; end: Date; channelId: number; kind: DealKind | undefined },
  timeZone: string,
) {
  return (
    db
      .select({
        day: sql<string>`to_char(${deals.placementAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
        kind: deals.kind,
        count: sql<number>`count(*)::int`,
      })
      .from(deals)
      .where(
        and(
          eq(deals.teamId, teamId),
          eq(deals.channelId, filters.channelId),
          liveDeal(deals),
          gte(deals.placementAt, filters.start),
          lt(deals.placementAt, filters.end),
          filters.kind && eq(deals.kind, filters.kind),
        ),
      )
      // By position: the day's expression carries the zone as a parameter, and a second copy of it in GROUP BY
      // would be another parameter PostgreSQL cannot tell is the same.
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1`, sql`2`)
  );
}
