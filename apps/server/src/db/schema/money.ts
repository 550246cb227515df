import { bigint, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { dealKind, id, teamId } from './columns.js';
import { teams } from './teams.js';

/**
 * The money roll-up of deals (decisions D5, docs/decisions/016): per team, day, our channel and kind, the deals dated
 * that day (their number, how many are not paid in full, their prices and what has been paid of them, and the prices
 * and views of those whose post has views) and the payments received that day (by payment date). Triggers on deals
 * and deal_payments keep it exact in the writing transaction (migration 0013), so a year of finance reads at most a
 * row per day, channel and kind instead of every deal and payment of the year (a million of each in the benchmark).
 * No foreign key to channels: a deleted channel's deals take their rows down to zero, and rows at zero are deleted.
 */
export const moneyDays = pgTable(
  'money_days',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    channelId: id('channel_id').notNull(),
    kind: dealKind(),
    /** By deal date: the deals, those not paid in full, the sum of their prices and of what was paid of them. */
    deals: integer('deals').notNull(),
    unpaid: integer('unpaid').notNull(),
    total: numeric('total').notNull(),
    paid: numeric('paid').notNull(),
    /** By payment date: the sum of the payments made that day. */
    received: numeric('received').notNull(),
    /**
     * By deal date, of the deals counted in `deals` whose post has views (post_views > 0, issue 36): the sum of their
     * prices and of their views, so a period's average CPM is sum(viewed_total) × 1000 / sum(views) (migration 0029).
     */
    viewedTotal: numeric('viewed_total').notNull().default('0'),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    /**
     * By deal date, the live deals whose status cancels them ('Отменена'), which count in nothing above: how many and
     * their prices, for the lists' summary line (migration 0034).
     */
    cancelled: integer('cancelled').notNull().default(0),
    cancelledTotal: numeric('cancelled_total').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.day, t.channelId, t.kind] })],
);

/**
 * The same roll-up per week (from Monday) and per calendar month, keyed by the unit and its first day, kept by the
 * same triggers in the same statement (money_days_apply, migration 0034): a quarter's weeks, a year's months, the
 * debts of all time and the lists' totals read a row per week or month, channel and kind for the weeks or months they
 * hold whole, and money_days only for the days of one they cut (db/money-rollup.ts).
 */
export const moneyPeriods = pgTable(
  'money_periods',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    unit: text('unit', { enum: ['week', 'month'] }).notNull(),
    start: date('start').notNull(),
    channelId: id('channel_id').notNull(),
    kind: dealKind(),
    deals: integer('deals').notNull(),
    unpaid: integer('unpaid').notNull(),
    total: numeric('total').notNull(),
    paid: numeric('paid').notNull(),
    received: numeric('received').notNull(),
    viewedTotal: numeric('viewed_total').notNull(),
    views: bigint('views', { mode: 'number' }).notNull(),
    cancelled: integer('cancelled').notNull(),
    cancelledTotal: numeric('cancelled_total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.unit, t.start, t.channelId, t.kind] })],
);
