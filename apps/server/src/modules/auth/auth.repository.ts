import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, sessions } from '../../db/schema/index.js';

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

export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ teamId: sessions.teamId, employeeId: sessions.employeeId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
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
