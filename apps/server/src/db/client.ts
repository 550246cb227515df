import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder } from '../paths.js';
import { type EmbeddedOptions, startEmbedded } from './embedded.js';
import { keepTableActivity } from './maintenance.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The database or a transaction in it: repositories take either, so a service decides the transaction. */
export type Db = PgDatabase<NodePgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  /** The driver's pool under `db`, for tools and tests that run plain SQL. */
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** A PostgreSQL server's URL, or where the embedded database (PGlite) lives. */
export type DatabaseOptions = { url: string } | EmbeddedOptions;

/**
 * The planner's default cost of a random page (4) is for spinning disks: with it, PostgreSQL looked up the 51 rows of
 * a page's channels and counterparts by scanning whole tables (1.3 ms a page at a million deals) instead of by their
 * primary keys (0.3 ms). 1.1 is the usual value for data that sits in memory or on SSD, as a team's working set does.
 */
const PLANNER_SETTINGS = {
  random_page_cost: '1.1',
};

/** The settings as PostgreSQL startup options, for every connection of the pool. */
const postgresOptions = Object.entries(PLANNER_SETTINGS)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');

// PostgreSQL answers bigint (count(*), sums) as text by default; our numbers stay below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite on its own thread: same schema, same SQL, same migrations,
 * and the same driver, node-postgres, reaching either.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      options: postgresOptions,
      // A database host that drops packets would hold each request for the system's TCP time-out (minutes); failing
      // after 5 s answers 503 (lib/database-errors.ts) and lets the client retry.
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection the server drops (restart, failover) is replaced by the pool on next use; without a
    // listener its 'error' event would crash the process.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL: idle connection lost (${error.message})`));
    return withPool(pool, 'postgres', async () => pool.end());
  }
  const embedded = await startEmbedded(options, PLANNER_SETTINGS);
  // One connection: the embedded database has one backend, which runs one transaction at a time. Requests queue here
  // for it, as they queued for PGlite's own lock before; kept open, as reopening one costs its prepared statements.
  // The user and database PGlite's one backend runs as, and no TLS whatever PGSSLMODE says: the bytes never leave the
  // process.
  const pool = new pg.Pool({
    max: 1,
    idleTimeoutMillis: 0,
    user: 'postgres',
    database: 'postgres',
    ssl: false,
    stream: embedded.connect,
  });
  return withPool(pool, 'pglite', async (db) => {
    // PGlite forgets its activity counters when it closes; the maintenance keeps those of a database on disk. Failing
    // to keep them (the thread stopped) costs a later ANALYZE, not the shutdown.
    if ('dataDir' in options) {
      await keepTableActivity(db).catch((error: Error) =>
        process.emitWarning(`PGlite: activity counters not kept (${error.message})`),
      );
    }
    await pool.end();
    await embedded.close();
  });
}

function withPool(pool: pg.Pool, kind: Database['kind'], close: (db: Db) => Promise<void>): Database {
  const db = drizzle({ client: pool, schema });
  return { db, pool, kind, migrate: () => migrate(db, { migrationsFolder }), close: () => close(db) };
}
