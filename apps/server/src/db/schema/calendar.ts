import { date, integer, numeric, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { dealKind, id, teamId } from './columns.js';
import { teams } from './teams.js';

/**
 * The calendar's rollup of deals: per team, day (in the users' zone) and kind, the first placement, its deal and the
 * count. Triggers on deals keep it exact in the same transaction as any write (migration 0005), so a month of the
 * calendar reads about 60 rows instead of aggregating every placement of the month (56 000 at a million deals).
 * `activeCount` and `activeTotal` are those of the day's deals whose status does not cancel them, and their prices
 * (migration 0036): the marking month's count and amount (modules/marking) read them instead of the month's deals.
 * Of those, `completeCount` have a marking that lacks nothing, `completeIfLegalCount` one that lacks nothing but the
 * team's own legal details, and `sentCount` their report accepted whole (deal_markings' and marking_reports' generated
 * columns, kept by their triggers; migration 0039): the marking month's other totals.
 */
export const calendarDays = pgTable(
  'calendar_days',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    kind: dealKind(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    firstDealId: id('first_deal_id').notNull(),
    dealCount: integer('deal_count').notNull(),
    activeCount: integer('active_count').notNull().default(0),
    activeTotal: numeric('active_total').notNull().default('0'),
    completeCount: integer('complete_count').notNull().default(0),
    completeIfLegalCount: integer('complete_if_legal_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.day, t.kind] })],
);
