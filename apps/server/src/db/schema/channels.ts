import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchIndex } from '../contains.js';
import { id, teamId, timestamps, version } from './columns.js';
import { employees } from './employees.js';
import { teams } from './teams.js';

/** The team's own Telegram channels (spec §3 "Channel"). */
export const channels = pgTable(
  'channels',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    id: id().notNull().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    iconLink: text('icon_link'),
    description: text('description').notNull().default(''),
    telegramNickName: text('telegram_nick_name').notNull(),
    telegramChatId: id('telegram_chat_id'),
    botAdminRights: boolean('bot_admin_rights').notNull().default(false),
    botCheckedAt: timestamp('bot_checked_at', { withTimezone: true }),
    /** The bot's own membership as its last my_chat_member update or check said; null: never heard of. */
    botStatus: text('bot_status', { enum: ['administrator', 'member', 'left', 'kicked'] }),
    /** Whether the bot may create invite links here (the administrator right can_invite_users). */
    botCanInvite: boolean('bot_can_invite').notNull().default(false),
    /** Since when the bot has been an administrator here: it sees no join or leave from before. */
    botAdminSince: timestamp('bot_admin_since', { withTimezone: true }),
    ownerEmployeeId: id('owner_employee_id').notNull(),
    // A deleted channel is archived, never removed: its deals keep their channel (decisions D5).
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    foreignKey({ columns: [t.teamId, t.ownerEmployeeId], foreignColumns: [employees.teamId, employees.id] }),
    // Telegram usernames are case-insensitive: one channel per username within a team.
    uniqueIndex('channels_team_nick_uq').on(t.teamId, sql`lower(${t.telegramNickName})`),
    // A bot update names a chat, not a team: the channels of every team that added it, by chat id or username.
    index('channels_chat_idx').on(t.telegramChatId).where(sql`${t.telegramChatId} is not null`),
    index('channels_nick_idx').on(sql`lower(${t.telegramNickName})`),
    // The deal lists' search by our channel (name or username contains the text).
    searchIndex('channels_team_search_idx', t.teamId, t.name, t.telegramNickName),
  ],
);
