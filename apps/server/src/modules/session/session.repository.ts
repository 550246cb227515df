import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { employees, sessions, teamDataVersions, teams } from '../../db/schema/index.js';
import { teamRecord } from '../../db/team-record.js';

/** A person working in one of their teams, as that team's employee. */
export type Member = { teamId: number; employeeId: number; userId: number };

export async function insertSession(db: Db, tokenHash: string, member: Member, expiresAt: Date) {
  await db.insert(sessions).values({ tokenHash, ...member, expiresAt });
}

/** Moves a session to another of its person's teams. */
export async function switchSession(db: Db, tokenHash: string, member: Member) {
  await db
    .update(sessions)
    .set({ teamId: member.teamId, employeeId: member.employeeId })
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.userId, member.userId)));
}

/**
 * A live session with its team's time zone and data version, in one round trip that every request makes, hence
 * prepared. The version is read before any of the request's data, so an ETag made of it is never newer than the
 * answer (docs/decisions/020).
 */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await preparedQuery(db, 'session', { tokenHash, now: now.toISOString() }, 'generic', () =>
    db
      .select({
        teamId: sessions.teamId,
        employeeId: sessions.employeeId,
        userId: sessions.userId,
        // The team's master is its owner (docs/decisions/024).
        owner: sql<boolean>`${employees.managerId} is null`,
        expiresAt: sessions.expiresAt,
        timeZone: teams.timeZone,
        dataVersion: teamDataVersions.version,
      })
      .from(sessions)
      .innerJoin(teams, eq(teams.id, sessions.teamId))
      .innerJoin(teamDataVersions, eq(teamDataVersions.teamId, sessions.teamId))
      .innerJoin(employees, teamRecord(employees, sessions.teamId, sessions.employeeId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      ),
  ).execute();
  return row;
}

export async function extendSession(db: Db, tokenHash: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}
