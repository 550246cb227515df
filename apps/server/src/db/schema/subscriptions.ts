import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { id, teamId } from './columns.js';
import { employees } from './employees.js';
import { teams } from './teams.js';

/**
 * Tariff periods of a team (its master's subscription). The current one is the period covering now; history stays.
 * `source`: how the period came: the one trial, an operator's grant (payment is out of scope), a referral reward.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    id: id().notNull().generatedAlwaysAsIdentity(),
    employeeId: id('employee_id').notNull(),
    tariff: text('tariff', { enum: ['trial', 'baza-3', 'setka-10', 'media-25'] }).notNull(),
    source: text('source', { enum: ['trial', 'grant', 'referral'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    foreignKey({
      columns: [t.teamId, t.employeeId],
      foreignColumns: [employees.teamId, employees.id],
    }).onDelete('cascade'),
    index('subscriptions_team_ends_idx').on(t.teamId, t.endsAt),
    check('subscriptions_period_chk', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
