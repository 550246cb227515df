import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The database or a transaction in it: repositories take either, so a service decides the transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = { url: string } | { dataDir: string } | { pglite: PGlite };

/**
 * The planner's default cost of a random page (4) is for spinning disks: with it, PostgreSQL looked up the 51 rows of
 * a page's channels and counterparts by scanning whole tables (1.3 ms a page at a million deals) instead of by their
 * primary keys (0.3 ms). 1.1 is the usual value for data that sits in memory or on SSD, as a team's working set does.
 */
const PLANNER_SETTINGS = {
  random_page_cost: '1.1',
  // Deal queries are prepared (deal.repository.ts) to spare rebuilding their SQL; they keep a plan made for each
  // execution's values, as a team of ten deals and one of a million want different ones.
  plan_cache_mode: 'force_custom_plan',
};

/** The settings as PostgreSQL startup options, for every connection to it (the pool's, and tools' own). */
export const postgresOptions = Object.entries(PLANNER_SETTINGS)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');

// PostgreSQL answers bigint (count(*), sums) as text by default; our numbers stay below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** PostgreSQL when a URL is given, otherwise embedded PGlite: same schema, same SQL, same migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      options: postgresOptions,
    });
    // An idle connection the server drops (restart, failover) is replaced by the pool on next use; without a
    // listener its 'error' event would crash the process.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL: idle connection lost (${error.message})`));
    const db = drizzleNodePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    await mkdir(options.dataDir, { recursive: true });
    client = await PGlite.create({ dataDir: options.dataDir });
  }
  for (const [name, value] of Object.entries(PLANNER_SETTINGS)) await client.query(`set ${name} = ${value}`);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
