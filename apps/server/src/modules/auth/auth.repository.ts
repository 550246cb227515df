import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { accounts, sessions, teamDataVersions, teams } from '../../db/schema/index.js';

export type Identity = { provider: string; subject: string };
export type Member = { teamId: number; employeeId: number };

/** The provider of demo sign-ins: a team whose account has it is a sample team anyone can create, not a person. */
export const DEMO_PROVIDER = 'demo';

export async function isDemoTeam(db: Db, teamId: number): Promise<boolean> {
  const [row] = await db
    .select({ teamId: accounts.teamId })
    .from(accounts)
    .where(and(eq(accounts.teamId, teamId), eq(accounts.provider, DEMO_PROVIDER)))
    .limit(1);
  return row !== undefined;
}

export async function findAccount(db: Db, identity: Identity): Promise<Member | undefined> {
  const [row] = await db
    .select({ teamId: accounts.teamId, employeeId: accounts.employeeId })
    .from(accounts)
    .where(and(eq(accounts.provider, identity.provider), eq(accounts.subject, identity.subject)));
  return row;
}

/** Inserts the account unless one already exists; answers whether this call created it. */
export async function insertAccount(db: Db, identity: Identity, member: Member): Promise<boolean> {
  const rows = await db
    .insert(accounts)
    .values({ ...identity, ...member })
    .onConflictDoNothing()
    .returning({ subject: accounts.subject });
  return rows.length > 0;
}

export async function insertSession(db: Db, tokenHash: string, member: Member, expiresAt: Date) {
  await db.insert(sessions).values({ tokenHash, ...member, expiresAt });
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
        expiresAt: sessions.expiresAt,
        timeZone: teams.timeZone,
        dataVersion: teamDataVersions.version,
      })
      .from(sessions)
      .innerJoin(teams, eq(teams.id, sessions.teamId))
      .innerJoin(teamDataVersions, eq(teamDataVersions.teamId, sessions.teamId))
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
