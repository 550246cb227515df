import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { ChatMember, ChatMemberUpdated, User } from 'grammy/types';
import type { Db } from '../../db/client.js';
import { channelMembers, deals, inviteLinks } from '../../db/schema/index.js';
import type { JobContext } from '../../jobs/queue.js';
import { channelsOfChat } from '../channel/channel.service.js';

const isMember = (member: ChatMember) =>
  member.status === 'member' ||
  member.status === 'administrator' ||
  member.status === 'creator' ||
  (member.status === 'restricted' && member.is_member);

/** How the subscribers' log names a person: @username, else the name Telegram gave. */
const labelOf = (user: User) =>
  user.username ? `@${user.username}` : [user.first_name, user.last_name].filter(Boolean).join(' ');

/**
 * A join or leave in one of our channels (a `chat_member` update): a join opens a row in channel_members of every
 * team that added the channel, attributed to the purchase whose invite link it came through (organic without one);
 * a leave closes the member's open row. The purchase's subscribers_joined/left change in the same transaction, so
 * they always equal a recount of its rows.
 */
export async function recordMembership(ctx: JobContext, update: ChatMemberUpdated): Promise<void> {
  const user = update.new_chat_member.user;
  if (update.chat.type !== 'channel' || user.is_bot) return;
  const wasMember = isMember(update.old_chat_member);
  const member = isMember(update.new_chat_member);
  if (wasMember === member) return;
  const at = new Date(update.date * 1000);
  const link = update.invite_link?.invite_link;
  await ctx.db.transaction(async (tx) => {
    // One person's joins and leaves in one chat in turn, so a repeated or concurrent update cannot open two rows
    // or close one twice (PGlite runs one transaction at a time anyway; PostgreSQL needs this).
    await tx.execute(
      sql`select pg_advisory_xact_lock(${update.chat.id}::bigint # (${user.id}::bigint << 20))`,
    );
    const channels = await channelsOfChat(tx, { id: update.chat.id, username: update.chat.username });
    for (const channel of channels) {
      if (member) await recordJoin(tx, { ...channel, chatId: update.chat.id }, user, at, link);
      else await recordLeave(tx, channel, user.id, at);
    }
  });
}

async function recordJoin(
  tx: Db,
  channel: { teamId: number; id: number; chatId: number },
  user: User,
  at: Date,
  link: string | undefined,
) {
  const [open] = await tx
    .select({ id: channelMembers.id })
    .from(channelMembers)
    .where(
      and(
        eq(channelMembers.teamId, channel.teamId),
        eq(channelMembers.channelId, channel.id),
        eq(channelMembers.telegramUserId, user.id),
        isNull(channelMembers.leftAt),
      ),
    )
    .limit(1);
  if (open) return;
  const [purchase] = link
    ? await tx
        .select({ dealId: inviteLinks.dealId })
        .from(inviteLinks)
        .innerJoin(deals, and(eq(deals.teamId, inviteLinks.teamId), eq(deals.id, inviteLinks.dealId)))
        .where(
          and(
            eq(inviteLinks.link, link),
            eq(inviteLinks.teamId, channel.teamId),
            eq(inviteLinks.chatId, channel.chatId),
            eq(deals.channelId, channel.id),
          ),
        )
    : [];
  await tx.insert(channelMembers).values({
    teamId: channel.teamId,
    channelId: channel.id,
    telegramUserId: user.id,
    userLabel: labelOf(user),
    dealId: purchase?.dealId ?? null,
    joinedAt: at,
  });
  if (purchase)
    await tx
      .update(deals)
      .set({ subscribersJoined: sql`${deals.subscribersJoined} + 1` })
      .where(and(eq(deals.teamId, channel.teamId), eq(deals.id, purchase.dealId)));
}

async function recordLeave(tx: Db, channel: { teamId: number; id: number }, userId: number, at: Date) {
  const closed = await tx
    .update(channelMembers)
    .set({ leftAt: at })
    .where(
      and(
        eq(channelMembers.teamId, channel.teamId),
        eq(channelMembers.channelId, channel.id),
        eq(channelMembers.telegramUserId, userId),
        isNull(channelMembers.leftAt),
        lte(channelMembers.joinedAt, at),
      ),
    )
    .returning({ dealId: channelMembers.dealId });
  for (const { dealId } of closed) {
    if (dealId === null) continue;
    await tx
      .update(deals)
      .set({ subscribersLeft: sql`${deals.subscribersLeft} + 1` })
      .where(and(eq(deals.teamId, channel.teamId), eq(deals.id, dealId)));
  }
}
