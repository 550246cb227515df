import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { accounts, employees, sessions, teamDataVersions, teams } from '../../db/schema/index.js';
import { teamRecord } from '../../db/team-record.js';

export type Identity = { provider: string; subject: string };
/** A person working in one of their teams, as that team's employee. */
export type Member = { teamId: number; employeeId: number; userId: number };

/** The provider of demo sign-ins: a team whose owner signs in with it is a sample team anyone can create, not a person's. */
export const DEMO_PROVIDER = 'demo';

export async function isDemoTeam(db: Db, teamId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: accounts.userId })
    .from(employees)
    .innerJoin(accounts, eq(accounts.userId, employees.userId))
    .where(
      and(eq(employees.teamId, teamId), isNull(employees.managerId), eq(accounts.provider, DEMO_PROVIDER)),
    )
    .limit(1);
  return row !== undefined;
}

/** The person an identity signs in as. */
export async function findAccountUser(db: Db, identity: Identity): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.provider, identity.provider), eq(accounts.subject, identity.subject)));
  return row?.userId;
}

/** Inserts the account unless one already exists; answers whether this call created it. */
export async function insertAccount(db: Db, identity: Identity, userId: number): Promise<boolean> {
  const rows = await db
    .insert(accounts)
    .values({ ...identity, userId })
    .onConflictDoNothing()
    .returning({ subject: accounts.subject });
  return rows.length > 0;
}

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

export async function deleteExpiredSessions(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
