import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { teamDataVersions, teams } from './schema/index.js';

/**
 * Serialises changes of one team that check a count or a state before writing (channel limit, tariff periods):
 * the team row is locked until the transaction ends.
 */
export async function lockTeam(db: Db, teamId: number) {
  await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
}

/**
 * Takes now the lock that the first write of the team's data takes anyway: its row of team_data_versions, which
 * every write bumps (db/triggers.sql) and holds until the transaction ends. Call it before an INSERT ... ON CONFLICT
 * that may meet another transaction's uncommitted row of the same key. Without it that twin inserts, holds its key
 * and waits for the version row, while a transaction that wrote something else first holds the version row and
 * waits for the key: a deadlock (issue 33). With it, whoever holds a pending key holds the version row too, and a
 * twin waits for it before it touches the key.
 */
export async function lockTeamDataVersion(db: Db, teamId: number) {
  await db
    .select({ teamId: teamDataVersions.teamId })
    .from(teamDataVersions)
    .where(eq(teamDataVersions.teamId, teamId))
    .for('no key update');
}

/**
 * Locks rows of one team table by id, in id order, until the transaction ends: two changes that take the same rows
 * (two merges of the same clients, each way round) then wait for each other instead of deadlocking.
 */
export async function lockTeamRecords(
  db: Db,
  table: { teamId: AnyPgColumn; id: AnyPgColumn } & PgTable,
  teamId: number,
  ids: number[],
) {
  return db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.teamId, teamId), inArray(table.id, ids)))
    .orderBy(asc(table.id))
    .for('update');
}
