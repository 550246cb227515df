import {
  bigint,
  boolean,
  foreignKey,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { id, teamId } from './columns.js';
import { employees } from './employees.js';

/** Per-user settings; a user without a row has the defaults (everything on, no calendar sync). */
export const userSettings = pgTable(
  'user_settings',
  {
    teamId: teamId(),
    employeeId: id('employee_id').notNull(),
    notifyPosting: boolean('notify_posting').notNull().default(true),
    notifyStatistics: boolean('notify_statistics').notNull().default(true),
    notifyEmployees: boolean('notify_employees').notNull().default(true),
    notifySubscription: boolean('notify_subscription').notNull().default(true),
    notifyReferral: boolean('notify_referral').notNull().default(true),
    botEnabled: boolean('bot_enabled').notNull().default(true),
    calendarSync: boolean('calendar_sync').notNull().default(false),
    /** Reminders of payments falling due (decisions D5), beside the spec's five switches. */
    notifyPayments: boolean('notify_payments').notNull().default(true),
    /** Minutes before a placement its reminder goes; null: the server's REMINDER_MINUTES_BEFORE. */
    remindMinutesBefore: smallint('remind_minutes_before'),
    /** The private chat with the bot, once linked through 'Подключить Telegram'; null: not linked. */
    telegramChatId: bigint('telegram_chat_id', { mode: 'number' }),
    telegramUsername: text('telegram_username'),
    /**
     * The SHA-256 of the private calendar feed's secret (never the secret itself); null: no feed. The feed's address
     * names the team and the employee, so it is found by this table's key, never by a scan or a global index.
     */
    calendarFeedTokenHash: text('calendar_feed_token_hash'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.employeeId] }),
    foreignKey({
      columns: [t.teamId, t.employeeId],
      foreignColumns: [employees.teamId, employees.id],
    }).onDelete('cascade'),
  ],
);
