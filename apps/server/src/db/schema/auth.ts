import { foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { id, teamId } from './columns.js';
import { employees } from './employees.js';

// These two tables are looked up before the team is known (by provider subject, by session token), so their keys
// do not lead with team_id; in a distributed database they would be reference tables. They still carry team_id.

/** A sign-in identity (Google, Yandex or a demo key) bound to the employee it signs in as. */
export const accounts = pgTable(
  'accounts',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    teamId: teamId(),
    employeeId: id('employee_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    foreignKey({
      columns: [t.teamId, t.employeeId],
      foreignColumns: [employees.teamId, employees.id],
    }).onDelete('cascade'),
    index('accounts_team_employee_idx').on(t.teamId, t.employeeId),
  ],
);

/** Server-side sessions; only a hash of the cookie's token is stored, so a leaked table signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    teamId: teamId(),
    employeeId: id('employee_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.teamId, t.employeeId],
      foreignColumns: [employees.teamId, employees.id],
    }).onDelete('cascade'),
    index('sessions_team_employee_idx').on(t.teamId, t.employeeId),
    // The hourly sweep deletes ended sessions across teams (db/sweeper.ts).
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);
