import { index, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { teamId } from './columns.js';
import { teams } from './teams.js';

/**
 * Answers to requests sent with a client-made key (an `Idempotency-Key` header, or the add-employee flow's requestId):
 * a repeated request gets the first answer instead of a duplicate. `request_hash` tells a retry from another request
 * under the same key. Keys live 24 hours (db/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    // Written with the answer, in the transaction that claimed the key: no other request sees the row before.
    status: smallint('status').notNull(),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.key] }),
    // The hourly sweep deletes by age across teams (db/sweeper.ts); distributed by team, each shard keeps its own.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
