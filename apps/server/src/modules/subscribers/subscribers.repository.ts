import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { channelMembers, channels, subscriberCounts, teams } from '../../db/schema/index.js';

/** A team's channel (archived too) with what its subscribers card needs: since when the bot watches, the team's zone. */
export async function findChannelWatch(db: Db, teamId: number, channelId: number) {
  const [row] = await db
    .select({ botAdminSince: channels.botAdminSince, timeZone: teams.timeZone })
    .from(channels)
    .innerJoin(teams, eq(teams.id, channels.teamId))
    .where(and(eq(channels.teamId, teamId), eq(channels.id, channelId)));
  return row;
}

/** The channel's newest snapshot on or before a day (the newest of all without one), or undefined. */
export async function snapshotUntil(db: Db, teamId: number, channelId: number, day?: string) {
  const [row] = await db
    .select({
      day: subscriberCounts.day,
      count: subscriberCounts.count,
      countedAt: subscriberCounts.countedAt,
    })
    .from(subscriberCounts)
    .where(
      and(
        eq(subscriberCounts.teamId, teamId),
        eq(subscriberCounts.channelId, channelId),
        day === undefined ? undefined : lte(subscriberCounts.day, day),
      ),
    )
    .orderBy(desc(subscriberCounts.day))
    .limit(1);
  return row;
}

/** Joins the bot saw in the channel since each instant, through a purchase's link and organic (also those who left). */
export async function countJoins(db: Db, teamId: number, channelId: number, since: { d7: Date; d30: Date }) {
  const through = (from: Date, purchase: boolean) =>
    sql<number>`count(*) filter (where ${channelMembers.joinedAt} >= ${from.toISOString()}::timestamptz and ${
      purchase ? isNotNull(channelMembers.dealId) : isNull(channelMembers.dealId)
    })::int`;
  const [row] = await db
    .select({
      purchases7d: through(since.d7, true),
      organic7d: through(since.d7, false),
      purchases30d: through(since.d30, true),
      organic30d: through(since.d30, false),
    })
    .from(channelMembers)
    .where(
      and(
        eq(channelMembers.teamId, teamId),
        eq(channelMembers.channelId, channelId),
        sql`${channelMembers.joinedAt} >= ${since.d30.toISOString()}::timestamptz`,
      ),
    );
  return row ?? { purchases7d: 0, organic7d: 0, purchases30d: 0, organic30d: 0 };
}

/** Whether the daily count covers this channel: live, and the bot is its administrator. */
const watched = and(eq(channels.botStatus, 'administrator'), isNull(channels.archivedAt));

/**
 * One page of the Telegram chats to count, each once however many teams added it, in chat id order (the chat index):
 * a whole table is never read at once.
 */
export async function watchedChats(db: Db, page: { after: number | undefined; limit: number }) {
  const rows = await db
    .selectDistinct({ chatId: channels.telegramChatId })
    .from(channels)
    .where(
      and(
        watched,
        isNotNull(channels.telegramChatId),
        page.after === undefined ? undefined : gt(channels.telegramChatId, page.after),
      ),
    )
    .orderBy(asc(channels.telegramChatId))
    .limit(page.limit);
  return rows.flatMap((row) => (row.chatId === null ? [] : [row.chatId]));
}

/** Every team's watched channels of these chats, with the zone that team's days are cut in. */
export async function watchedChannelsOf(db: Db, chatIds: number[]) {
  if (chatIds.length === 0) return [];
  const rows = await db
    .select({
      teamId: channels.teamId,
      channelId: channels.id,
      chatId: channels.telegramChatId,
      timeZone: teams.timeZone,
    })
    .from(channels)
    .innerJoin(teams, eq(teams.id, channels.teamId))
    .where(and(watched, inArray(channels.telegramChatId, chatIds)));
  return rows.flatMap(({ chatId, ...row }) => (chatId === null ? [] : [{ ...row, chatId }]));
}

export type ChannelDay = { teamId: number; channelId: number; day: string };

/** Which of these channel days already have their snapshot, as `teamId:channelId:day` keys. */
export async function countedDays(db: Db, wanted: ChannelDay[]) {
  if (wanted.length === 0) return new Set<string>();
  const rows = await db
    .select({
      teamId: subscriberCounts.teamId,
      channelId: subscriberCounts.channelId,
      day: subscriberCounts.day,
    })
    .from(subscriberCounts)
    .where(
      sql`(${subscriberCounts.teamId}, ${subscriberCounts.channelId}, ${subscriberCounts.day}) in (${sql.join(
        wanted.map((w) => sql`(${w.teamId}::bigint, ${w.channelId}::bigint, ${w.day}::date)`),
        sql`, `,
      )})`,
    );
  return new Set(rows.map(dayKey));
}

export const dayKey = (row: ChannelDay) => `${row.teamId}:${row.channelId}:${row.day}`;

/** Stores the snapshots; one a channel day (the primary key), so a second process's insert changes nothing. */
export async function insertCounts(db: Db, rows: (ChannelDay & { count: number; countedAt: Date })[]) {
  if (rows.length === 0) return;
  await db.insert(subscriberCounts).values(rows).onConflictDoNothing();
}
