import { and, eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { idempotencyKeys } from './schema/index.js';

/**
 * Runs `work` in a transaction once per (team, key): a repeated request with the same key waits for the first and
 * gets its result instead of doing the work again. The key row is written first, so a concurrent twin blocks on it.
 */
export async function once<T>(db: Db, teamId: number, key: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ teamId, key, result: null })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    const where = and(eq(idempotencyKeys.teamId, teamId), eq(idempotencyKeys.key, key));
    if (claimed.length === 0) {
      const [previous] = await tx
        .select({ result: idempotencyKeys.result })
        .from(idempotencyKeys)
        .where(where);
      return previous?.result as T;
    }
    const result = await work(tx);
    await tx.update(idempotencyKeys).set({ result }).where(where);
    return result;
  });
}
