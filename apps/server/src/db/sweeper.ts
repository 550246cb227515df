import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { deleteExpiredIdempotencyKeys } from './idempotency.js';
import { channelPosts, dealImports, deals, sessions } from './schema/index.js';
import { restorableSince } from './team-record.js';

/** How often expired rows are deleted; they are refused as soon as they expire, so this only bounds the tables. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes for good the deals deleted longer ago than they can be restored (with their payments). They count in no
 * roll-up already, so their triggers change none. Rows another sweep or a late restore holds are skipped (the next
 * sweep takes them), so several server processes sweeping at once neither wait nor deadlock on each other.
 */
async function deleteExpiredDeals(db: Db, now: Date) {
  const cutoff = restorableSince(now);
  const expired = db
    .select({ teamId: deals.teamId, id: deals.id })
    .from(deals)
    .where(lt(deals.deletedAt, cutoff))
    .for('update', { skipLocked: true });
  const removed = await db
    .delete(deals)
    .where(and(lt(deals.deletedAt, cutoff), inArray(sql`(${deals.teamId}, ${deals.id})`, expired)))
    .returning({ id: deals.id });
  return removed.length;
}

/** How long an import left as a draft (uploaded, never imported) keeps its file. */
const DRAFT_IMPORT_KEPT_MS = 24 * 60 * 60 * 1000;

/** Deletes imports left as drafts for a day, with the files they keep (an import screen left half way). */
async function deleteStaleImportDrafts(db: Db, now: Date) {
  const removed = await db
    .delete(dealImports)
    .where(
      and(
        eq(dealImports.state, 'draft'),
        lt(dealImports.createdAt, new Date(now.getTime() - DRAFT_IMPORT_KEPT_MS)),
      ),
    )
    .returning({ id: dealImports.id });
  return removed.length;
}

/** How long the bot's posts of our channels are kept to match and pick from: longer than a sale's screen asks. */
const CHANNEL_POSTS_KEPT_MS = 60 * 24 * 60 * 60 * 1000;

async function deleteOldChannelPosts(db: Db, now: Date) {
  const removed = await db
    .delete(channelPosts)
    .where(lt(channelPosts.postedAt, new Date(now.getTime() - CHANNEL_POSTS_KEPT_MS)))
    .returning({ messageId: channelPosts.messageId });
  return removed.length;
}

/**
 * Deletes sessions past their end, idempotency keys past their day, deals deleted past their restore time, import
 * drafts left for a day and the bot's channel posts past keeping.
 * Several server processes may sweep at once: deletes do not conflict.
 */
export async function sweepExpired(db: Db, now = new Date()) {
  const expiredSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ tokenHash: sessions.tokenHash });
  return {
    sessions: expiredSessions.length,
    idempotencyKeys: await deleteExpiredIdempotencyKeys(db, now),
    deals: await deleteExpiredDeals(db, now),
    importDrafts: await deleteStaleImportDrafts(db, now),
    channelPosts: await deleteOldChannelPosts(db, now),
  };
}
