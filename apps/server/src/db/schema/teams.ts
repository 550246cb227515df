import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns.js';

/**
 * A team is the tenant: a master (a person who signed in) and everything they and their employees record. Its time
 * zone (an IANA name, decisions D5) is the one clock its days are cut by: src/lib/dates.ts and the calendar roll-up.
 * Two sales on one channel placed closer than its minimum gap are a slot conflict (the schedule's warnings).
 */
export const teams = pgTable('teams', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  timeZone: text('time_zone').notNull().default('Europe/Moscow'),
  minGapMinutes: integer('min_gap_minutes').notNull().default(60),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The team's data version (docs/decisions/020): statement-level triggers (migration 0019) raise it in the transaction of
 * every write of the team's data, so an answer's ETag made of it changes whenever the answer could. A table of its
 * own, not a column of teams, so this hot row does not rewrite the team's row.
 */
export const teamDataVersions = pgTable('team_data_versions', {
  teamId: id('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});
