import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';

export type Identity = { provider: string; subject: string };

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

/** A person's ways in, oldest first; the rows are held, so two unlinks at once cannot remove the last two. */
export function accountsOf(db: Db, userId: number, hold = false) {
  const query = db
    .select({ provider: accounts.provider, subject: accounts.subject, since: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.provider));
  return hold ? query.for('update') : query;
}

/** Removes the person's accounts of a provider unless it is their only provider; answers how many it removed. */
export async function deleteAccounts(db: Db, userId: number, provider: string) {
  const rows = await db
    .delete(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        eq(accounts.provider, provider),
        sql`exists (select 1 from ${accounts} other where other.user_id = ${userId} and other.provider <> ${provider})`,
      ),
    )
    .returning({ subject: accounts.subject });
  return rows.length;
}
