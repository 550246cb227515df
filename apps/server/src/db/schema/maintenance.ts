import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The embedded database's activity counters, kept across a restart: PGlite forgets `pg_stat_user_tables` whenever it
 * closes, so its close adds them here and the maintenance counts them with its own (db/maintenance.ts, decision 022).
 * Not team data: one row per table of the schema. Unused on a PostgreSQL server, whose counters survive a restart.
 */
export const embeddedTableActivity = pgTable('embedded_table_activity', {
  tableName: text('table_name').primaryKey(),
  /** Rows dead since the table's last VACUUM. */
  dead: bigint('dead', { mode: 'number' }).notNull(),
  /** Rows inserted since its last VACUUM. */
  inserted: bigint('inserted', { mode: 'number' }).notNull(),
  /** Rows inserted, updated or deleted since its last ANALYZE. */
  modified: bigint('modified', { mode: 'number' }).notNull(),
});
