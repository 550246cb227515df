import { date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { dealKind, id, teamId } from './columns.js';
import { teams } from './teams.js';

/** A pay roll-up's row is a day's or a calendar month's, dated its first day. */
const unit = () => text('unit', { enum: ['day', 'month'] }).notNull();

/**
 * What each person's deals earned a percent of (docs/decisions/026, 033): per team, person, our channel and kind, the
 * payments received that day or month for the person's live deals whose status does not cancel them, by payment date.
 * Triggers on deals and deal_payments keep it exact in the writing transaction (migration 0038), so a role's basis
 * for any period is at most a dozen months and the days of the two it cuts, not every deal the person ever made.
 * Keyed person first: one person's payroll is a range of their own rows.
 */
export const payReceived = pgTable(
  'pay_received',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    employeeId: id('employee_id').notNull(),
    channelId: id('channel_id').notNull(),
    kind: dealKind(),
    unit: unit(),
    start: date('start').notNull(),
    amount: numeric('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.employeeId, t.channelId, t.kind, t.unit, t.start] }),
    // A month of the whole team side by side, with its amounts (the payroll screen's month, modules/payroll): one
    // range read in order instead of a probe of the key per role. The amount after the unique key, as PostgreSQL's
    // INCLUDE would have it (drizzle cannot write INCLUDE).
    index('pay_received_team_period_idx').on(
      t.teamId,
      t.unit,
      t.start,
      t.employeeId,
      t.channelId,
      t.kind,
      t.amount,
    ),
  ],
);

/**
 * The posts that went out on each of our channels (pay per post's basis): per team, channel and day in the team's
 * zone (the calendar's day) or its month, the live sales placed then whose status does not cancel them. Kept by the
 * deals' triggers and rolled up again when the team's zone changes (migration 0038).
 */
export const payPosts = pgTable(
  'pay_posts',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    channelId: id('channel_id').notNull(),
    unit: unit(),
    start: date('start').notNull(),
    posts: integer('posts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.channelId, t.unit, t.start] })],
);
