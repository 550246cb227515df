import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { channels } from './channels.js';
import { id, teamId } from './columns.js';
import { deals } from './deals.js';
import { employees } from './employees.js';

// The bot's tables (decisions D5, docs/decisions/019). Telegram's updates name a chat, a link or a user, never a team,
// so the few lookups an update starts with (a link, a start token, a job) are by their own key, like sessions; in a
// distributed database these would be reference tables or routed by the team id they carry.

/**
 * The durable job queue: one row per job, unique by (kind, key), so enqueuing the same job twice (two processes, a
 * retry, a recurring job's period) makes one row. A worker takes due rows with FOR UPDATE SKIP LOCKED and holds them
 * by `locked_until`, so two processes never run one job at once and a crashed worker's job is taken again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id().primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    teamId: id('team_id'),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_kind_key_uq').on(t.kind, t.key),
    // The worker's poll: only jobs not done, soonest first.
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null`),
    // The clean-up of finished jobs.
    index('jobs_done_idx').on(t.doneAt).where(sql`${t.doneAt} is not null`),
  ],
);

/**
 * Long polling's state per bot (a token names its bot): the offset that acknowledges the updates already stored,
 * and a lease, so only one of several server processes polls (Telegram refuses a second getUpdates with 409).
 */
export const botPolling = pgTable('bot_polling', {
  botId: bigint('bot_id', { mode: 'number' }).primaryKey(),
  nextOffset: bigint('next_offset', { mode: 'number' }).notNull().default(0),
  holder: text('holder'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

/** One invite link per purchase, made by the bot in the channel the purchase grows (the deal's channel). */
export const inviteLinks = pgTable(
  'invite_links',
  {
    teamId: teamId(),
    dealId: id('deal_id').notNull(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    link: text('link').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.dealId] }),
    foreignKey({ columns: [t.teamId, t.dealId], foreignColumns: [deals.teamId, deals.id] }).onDelete(
      'cascade',
    ),
    // A join names the link it came through, not the team.
    uniqueIndex('invite_links_link_uq').on(t.link),
  ],
);

/**
 * Who joined one of our channels while the bot watched it, through which purchase's link (null: organic), and when
 * they left. The bot sees only joins and leaves after it became an administrator; a leave of someone it never saw
 * join is not recorded.
 */
export const channelMembers = pgTable(
  'channel_members',
  {
    teamId: teamId(),
    channelId: id('channel_id').notNull(),
    id: id().notNull().generatedAlwaysAsIdentity(),
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }).notNull(),
    /** How the CSV log names them: @username or the first and last name Telegram gave. */
    userLabel: text('user_label').notNull().default(''),
    dealId: id('deal_id'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.channelId, t.id] }),
    foreignKey({ columns: [t.teamId, t.channelId], foreignColumns: [channels.teamId, channels.id] }).onDelete(
      'cascade',
    ),
    // A swept purchase leaves its joins to the channel as organic history. Migration 0017 writes this as
    // `ON DELETE SET NULL ("deal_id")` by hand: a plain SET NULL would null team_id too.
    foreignKey({ columns: [t.teamId, t.dealId], foreignColumns: [deals.teamId, deals.id] }).onDelete(
      'set null',
    ),
    // A purchase's attribution and its log.
    index('channel_members_team_deal_idx')
      .on(t.teamId, t.dealId, t.joinedAt)
      .where(sql`${t.dealId} is not null`),
    // A leave finds the member's open join.
    index('channel_members_team_open_idx')
      .on(t.teamId, t.channelId, t.telegramUserId)
      .where(sql`${t.leftAt} is null`),
    // A channel's joins over a period (organic and through purchases).
    index('channel_members_team_channel_joined_idx').on(t.teamId, t.channelId, t.joinedAt),
  ],
);

/** A channel's subscriber count, once a day (getChatMemberCount), in the team's calendar day. */
export const subscriberCounts = pgTable(
  'subscriber_counts',
  {
    teamId: teamId(),
    channelId: id('channel_id').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.channelId, t.day] }),
    foreignKey({ columns: [t.teamId, t.channelId], foreignColumns: [channels.teamId, channels.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** 'Подключить Telegram': a one-time token the bot's /start receives; only its hash is stored, like a session's. */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    teamId: teamId(),
    employeeId: id('employee_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.teamId, t.employeeId],
      foreignColumns: [employees.teamId, employees.id],
    }).onDelete('cascade'),
    index('telegram_link_tokens_team_employee_idx').on(t.teamId, t.employeeId),
  ],
);

/**
 * Every reminder the bot sent or is sending: the row is written (claimed) before the message goes, unique by what it
 * is about, so no process and no restart sends it twice.
 */
export const sentNotifications = pgTable(
  'sent_notifications',
  {
    teamId: teamId(),
    /** Before a placement, on a payment's due day, and a purchase's post pushed out of its top or deleted early. */
    kind: text('kind', { enum: ['placement', 'payment_due', 'post_displaced', 'post_deleted'] }).notNull(),
    dealId: id('deal_id').notNull(),
    employeeId: id('employee_id').notNull(),
    /** The moment it is about (the placement, the due date's morning): a moved placement is reminded again. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.kind, t.dealId, t.employeeId, t.dueAt] }),
    foreignKey({ columns: [t.teamId, t.dealId], foreignColumns: [deals.teamId, deals.id] }).onDelete(
      'cascade',
    ),
  ],
);
