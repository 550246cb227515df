import { foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { id, teamId } from './columns.js';
import { employees } from './employees.js';
import { users } from './users.js';

// These tables are looked up before the team is known (by provider subject, by person, by session or invitation
// token), so their keys do not lead with team_id; in a distributed database users and accounts are reference tables,
// and sessions and invitations are found by their token's hash alone (docs/decisions/024).

/** A sign-in identity (Google, Yandex or a demo key) of a person. */
export const accounts = pgTable(
  'accounts',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('accounts_user_idx').on(t.userId)],
);

/**
 * Server-side sessions; only a hash of the cookie's token is stored, so a leaked table signs nobody in. A session is
 * a person working in one of their teams as that team's employee; switching teams rewrites the two.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    teamId: teamId(),
    employeeId: id('employee_id').notNull(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.teamId, t.employeeId],
      foreignColumns: [employees.teamId, employees.id],
    }).onDelete('cascade'),
    index('sessions_team_employee_idx').on(t.teamId, t.employeeId),
    index('sessions_user_idx').on(t.userId),
    // The hourly sweep deletes ended sessions across teams (db/sweeper.ts).
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A one-time link that binds whoever signs in through it to one person of a team (docs/decisions/024). Only the
 * token's hash is kept. A used, revoked or replaced link stays, so its page can say why it no longer works.
 */
export const invitations = pgTable(
  'invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    teamId: teamId(),
    employeeId: id('employee_id').notNull(),
    invitedBy: id('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.teamId, t.employeeId],
      foreignColumns: [employees.teamId, employees.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.teamId, t.invitedBy],
      foreignColumns: [employees.teamId, employees.id],
    }).onDelete('cascade'),
    index('invitations_team_employee_idx').on(t.teamId, t.employeeId),
  ],
);
