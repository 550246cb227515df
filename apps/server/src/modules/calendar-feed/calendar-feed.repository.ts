import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { withDealParties } from '../../db/deal-parties.js';
import {
  channels,
  contacts,
  deals,
  employees,
  externalChannels,
  teams,
  userSettings,
} from '../../db/schema/index.js';
import {
  cancelledStatus,
  type DealScopes,
  liveDeal,
  teamRecord,
  visibleDeals,
} from '../../db/team-record.js';
import type { Caller } from '../../lib/caller.js';

/**
 * Stores the feed's hash (null: no feed) and the switch with it, in one statement: the switch is on exactly while a
 * feed exists.
 */
export async function saveFeedHash(db: Db, caller: Caller, hash: string | null) {
  const changes = { calendarFeedTokenHash: hash, calendarSync: hash !== null };
  await db
    .insert(userSettings)
    .values({ teamId: caller.teamId, employeeId: caller.employeeId, ...changes })
    .onConflictDoUpdate({
      target: [userSettings.teamId, userSettings.employeeId],
      set: { ...changes, updatedAt: sql`now()` },
    });
}

/** The feed of one member, found by the settings' primary key (team first, as the table is distributed by team). */
export async function findFeed(db: Db, caller: Caller) {
  const [row] = await db
    .select({
      hash: userSettings.calendarFeedTokenHash,
      calendarSync: userSettings.calendarSync,
      timeZone: teams.timeZone,
      owner: sql<boolean>`${employees.managerId} is null`,
    })
    .from(userSettings)
    .innerJoin(teams, eq(teams.id, userSettings.teamId))
    // A person removed from the team has no feed of it any more.
    .innerJoin(
      employees,
      and(teamRecord(employees, userSettings.teamId, userSettings.employeeId), isNull(employees.removedAt)),
    )
    .where(and(eq(userSettings.teamId, caller.teamId), eq(userSettings.employeeId, caller.employeeId)));
  return row;
}

/** The team's placements in [from, to), cancelled and deleted deals left out, in time order (a stable body for the ETag). */
export function listPlacements(
  db: Db,
  teamId: number,
  from: Date,
  to: Date,
  /** What a member who is not the owner sees, per kind (docs/decisions/024); undefined: everything. */
  scopes?: DealScopes,
) {
  return withDealParties(
    db
      .select({
        kind: deals.kind,
        id: deals.id,
        placementAt: deals.placementAt,
        hoursInTop: deals.hoursInTop,
        version: deals.version,
        updatedAt: deals.updatedAt,
        channelName: channels.name,
        contactName: contacts.name,
        externalName: externalChannels.name,
      })
      .from(deals),
  )
    .where(
      and(
        eq(deals.teamId, teamId),
        liveDeal(deals),
        gte(deals.placementAt, from),
        lt(deals.placementAt, to),
        sql`not ${cancelledStatus(deals.statusId)}`,
        scopes && visibleDeals(scopes),
      ),
    )
    .orderBy(asc(deals.placementAt), asc(deals.id));
}

export type Placement = Awaited<ReturnType<typeof listPlacements>>[number];
