import { and, asc, count, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { channelEmployees, channels, employees } from '../../db/schema/index.js';
import { teamRecord } from '../../db/team-record.js';
import { channelById, channelColumns, liveChannels } from '../team/index.js';
import type { BotState } from '../telegram/index.js';

export async function listChannels(
  db: Db,
  teamId: number,
  only: number[] | undefined,
  page: { limit: number; afterId: number | undefined; archived: boolean },
) {
  const scope = and(
    page.archived ? and(eq(channels.teamId, teamId), isNotNull(channels.archivedAt)) : liveChannels(teamId),
    only && inArray(channels.id, only),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(channelColumns)
      .from(channels)
      .where(page.afterId === undefined ? scope : and(scope, gt(channels.id, page.afterId)))
      .orderBy(asc(channels.id))
      .limit(page.limit + 1),
    db.select({ value: count() }).from(channels).where(scope),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Inserts the channel unless the team already has one with this username (any case); undefined then. */
export async function insertChannel(db: Db, row: typeof channels.$inferInsert) {
  const [created] = await db.insert(channels).values(row).onConflictDoNothing().returning(channelColumns);
  return created;
}

/**
 * Writes what Telegram says of our bot in the channel (a my_chat_member update or a getChatMember check), with the
 * chat id when the channel was matched by its username. `since` is when it became an administrator (the update's
 * date; the check's time when it has none): kept while it stays one, cleared when it stops. A check that sees nothing
 * (status null) turns a bot that was there into 'left' and otherwise keeps what the updates said.
 */
export async function updateBotState(
  db: Db,
  teamId: number,
  id: number,
  state: BotState,
  options: { since: Date; chatId?: number },
) {
  const admin = state.status === 'administrator';
  const [row] = await db
    .update(channels)
    .set({
      botStatus:
        state.status === null
          ? sql`case when ${channels.botStatus} in ('administrator', 'member') then 'left' else ${channels.botStatus} end`
          : state.status,
      botAdminRights: state.canPost,
      botCanInvite: state.canInvite,
      botAdminSince: admin
        ? sql`coalesce(${channels.botAdminSince}, ${options.since.toISOString()}::timestamptz)`
        : null,
      ...(options.chatId === undefined ? {} : { telegramChatId: options.chatId }),
      botCheckedAt: sql`now()`,
    })
    .where(channelById(teamId, id))
    .returning(channelColumns);
  return row;
}

/** Archives the channel (once: archiving it again keeps the first time); false when the team has no such channel. */
export async function archiveChannel(db: Db, teamId: number, id: number) {
  const archived = await db
    .update(channels)
    .set({ archivedAt: sql`coalesce(${channels.archivedAt}, now())`, updatedAt: sql`now()` })
    .where(channelById(teamId, id))
    .returning({ id: channels.id });
  return archived.length > 0;
}

/** Brings an archived channel back, with what Telegram says of it now where that is given. */
export async function unarchiveChannel(
  db: Db,
  teamId: number,
  id: number,
  refreshed: Partial<typeof channels.$inferInsert> = {},
) {
  const [restored] = await db
    .update(channels)
    .set({ ...refreshed, archivedAt: null, updatedAt: sql`now()` })
    .where(channelById(teamId, id))
    .returning(channelColumns);
  return restored;
}

/** The team's archived channel with this username (any case), which adding it again restores. */
export async function findArchivedByNick(db: Db, teamId: number, telegramNickName: string) {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        eq(channels.teamId, teamId),
        isNotNull(channels.archivedAt),
        sql`lower(${channels.telegramNickName}) = lower(${telegramNickName})`,
      ),
    );
  return row?.id;
}

/** Everyone working on the channel, once each whatever their roles there. */
export async function listChannelEmployees(db: Db, teamId: number, channelId: number) {
  return db
    .selectDistinct({
      employeeId: employees.id,
      firstName: employees.firstName,
      secondName: employees.secondName,
      iconLink: employees.iconLink,
    })
    .from(channelEmployees)
    .innerJoin(employees, teamRecord(employees, channelEmployees.teamId, channelEmployees.employeeId))
    .where(and(eq(channelEmployees.teamId, teamId), eq(channelEmployees.channelId, channelId)))
    .orderBy(asc(employees.id));
}

/**
 * The channels of every team that added this Telegram chat (a bot update names the chat, never a team): by its chat
 * id, or by its username where the chat id is not known yet. Archived ones too: the bot still watches them.
 */
export async function channelsOfChat(db: Db, chat: { id: number; username?: string }) {
  const byChat = eq(channels.telegramChatId, chat.id);
  return db
    .select({ teamId: channels.teamId, id: channels.id, telegramChatId: channels.telegramChatId })
    .from(channels)
    .where(
      chat.username
        ? sql`(${byChat} or (${channels.telegramChatId} is null and lower(${channels.telegramNickName}) = lower(${chat.username})))`
        : byChat,
    );
}
