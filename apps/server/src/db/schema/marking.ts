import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { teamId } from './columns.js';
import { teams } from './teams.js';

// Ad marking (issue 35, decisions D6).

/** The team's own legal details, as an ОРД registers the party that places ads: one row per team, the owner's to set. */
export const teamLegal = pgTable('team_legal', {
  teamId: teamId()
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['juridical', 'ip', 'physical'] }).notNull(),
  name: text('name').notNull(),
  inn: text('inn').notNull(),
  /** A company's only. */
  kpp: text('kpp'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
