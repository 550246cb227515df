import { boolean, foreignKey, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
