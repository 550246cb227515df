import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { channelPosts, channels, dealPosts, deals } from '../../db/schema/index.js';
import { cancelledStatus, liveDeal } from '../../db/team-record.js';

// The posts of our channels the bot receives (channel_post, edited_channel_post): kept per team channel, matched to the
// sale placed at their time, and offered on a sale's screen to pick from.

export async function saveChannelPost(
  db: Db,
  post: { teamId: number; channelId: number; messageId: number; postedAt: Date; text: string },
  editedAt: Date | null,
) {
  await db
    .insert(channelPosts)
    .values({ ...post, editedAt })
    .onConflictDoUpdate({
      target: [channelPosts.teamId, channelPosts.channelId, channelPosts.messageId],
      set: { text: post.text, editedAt },
    });
}

/**
 * The sale of this channel placed nearest to the post's time within `windowMs`, live, not cancelled, without a link
 * yet; its row held to the end of the transaction, so a person's edit waits or comes first.
 */
export async function saleAtTime(db: Db, teamId: number, channelId: number, at: Date, windowMs: number) {
  const from = new Date(at.getTime() - windowMs);
  const to = new Date(at.getTime() + windowMs);
  const [row] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(
      and(
        eq(deals.teamId, teamId),
        eq(deals.channelId, channelId),
        eq(deals.kind, 'sale'),
        gte(deals.placementAt, from),
        lte(deals.placementAt, to),
        isNull(deals.postLink),
        liveDeal(deals),
        sql`not ${cancelledStatus(deals.statusId)}`,
      ),
    )
    .orderBy(
      sql`abs(extract(epoch from ${deals.placementAt} - ${at.toISOString()}::timestamptz))`,
      asc(deals.id),
    )
    .limit(1)
    .for('update', { of: deals });
  return row?.id;
}

/** Gives the sale the link the bot found; a new version, as any change of the deal makes. */
export async function setFoundLink(db: Db, teamId: number, dealId: number, link: string) {
  await db
    .update(deals)
    .set({ postLink: link, postViews: null, version: sql`${deals.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(deals.teamId, teamId), eq(deals.id, dealId), isNull(deals.postLink)));
}

/** The text of a watched post changed: marked as edited when it differs from the first seen. */
export async function editedPost(db: Db, teamId: number, link: string, text: string, at: Date) {
  await db
    .update(dealPosts)
    .set({
      text,
      editedAt: sql`case when ${dealPosts.editedAt} is null and ${dealPosts.firstText} is distinct from ${text}
        then ${at.toISOString()}::timestamptz else ${dealPosts.editedAt} end`,
    })
    .where(and(eq(dealPosts.teamId, teamId), eq(dealPosts.link, link)));
}

/** The channel's received posts within `windowMs` of the placement, the nearest first. */
export function postsNear(db: Db, teamId: number, channelId: number, at: Date, windowMs: number) {
  return db
    .select({
      messageId: channelPosts.messageId,
      postedAt: channelPosts.postedAt,
      text: channelPosts.text,
      username: channels.telegramNickName,
    })
    .from(channelPosts)
    .innerJoin(
      channels,
      and(eq(channels.teamId, channelPosts.teamId), eq(channels.id, channelPosts.channelId)),
    )
    .where(
      and(
        eq(channelPosts.teamId, teamId),
        eq(channelPosts.channelId, channelId),
        gte(channelPosts.postedAt, new Date(at.getTime() - windowMs)),
        lte(channelPosts.postedAt, new Date(at.getTime() + windowMs)),
      ),
    )
    .orderBy(sql`abs(extract(epoch from ${channelPosts.postedAt} - ${at.toISOString()}::timestamptz))`)
    .limit(20);
}
