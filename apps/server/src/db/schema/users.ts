import { bigint, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { teams } from './teams.js';

/**
 * A person who signs in: one for all their teams (their own, and those they were invited to). Which employee of a
 * team they are is `employees.user_id`.
 */
export const users = pgTable('users', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  /** The team the person worked in last: the next sign-in opens it. */
  lastTeamId: bigint('last_team_id', { mode: 'number' }).references(() => teams.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
