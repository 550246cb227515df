import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { teamId } from './columns.js';
import { teams } from './teams.js';

/** Results of requests sent with a client-made id: a repeated press gets the first answer instead of a duplicate. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.key] })],
);
