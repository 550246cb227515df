import { and, eq } from 'drizzle-orm';
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
