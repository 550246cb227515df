import { date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { dealKind, id, teamId } from './columns.js';
import { teams } from './teams.js';

/**
 * The calendar's rollup of deals: per team, day (in the users' zone) and kind, the first placement, its deal and the
 * count. Triggers on deals keep it exact in the same transaction as any write (migration 0005), so a month of the
 * calendar reads about 60 rows instead of aggregating every placement of the month (56 000 at a million deals).
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
  },
  (t) => [primaryKey({ columns: [t.teamId, t.day, t.kind] })],
);
