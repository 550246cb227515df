import { lt } from 'drizzle-orm';
import type { Db } from './client.js';
import { deleteExpiredIdempotencyKeys } from './idempotency.js';
import { sessions } from './schema/index.js';

/** How often expired rows are deleted; they are refused as soon as they expire, so this only bounds the tables. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes sessions past their end and idempotency keys past their day. Several server processes may sweep at once:
 * deletes do not conflict.
 */
export async function sweepExpired(db: Db, now = new Date()) {
  const expiredSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ tokenHash: sessions.tokenHash });
  return { sessions: expiredSessions.length, idempotencyKeys: await deleteExpiredIdempotencyKeys(db, now) };
}
