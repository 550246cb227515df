import { closeSync, existsSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
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

/**
 * `durable` (the default) makes an acknowledged commit survive an OS crash or power loss, at one fsync a commit
 * (docs/decisions/011-embedded-database-durability.md); false keeps PGlite's own setting, which only survives the
 * process being killed.
 */
export type DatabaseOptions = { url: string } | { dataDir: string; durable?: boolean } | { pglite: PGlite };

/**
 * The planner's default cost of a random page (4) is for spinning disks: with it, PostgreSQL looked up the 51 rows of
 * a page's channels and counterparts by scanning whole tables (1.3 ms a page at a million deals) instead of by their
 * primary keys (0.3 ms). 1.1 is the usual value for data that sits in memory or on SSD, as a team's working set does.
 */
const PLANNER_SETTINGS = {
  random_page_cost: '1.1',
};

/** The settings as PostgreSQL startup options, for every connection to it (the pool's, and tools' own). */
export const postgresOptions = Object.entries(PLANNER_SETTINGS)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');

// PostgreSQL answers bigint (count(*), sums) as text by default; our numbers stay below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * PGlite starts PostgreSQL with fsync off (`-F`), and even with it on, its Node file system (Emscripten's NODEFS) has
 * no fsync: fsync() and fdatasync() in the WASM build return success without reaching the disk. NODEFS writes each
 * block straight to the real file (so a killed process loses nothing), but the bytes stay in the OS page cache.
 * This file system gives NODEFS an fsync that syncs the real file (or folder, when NODEFS holds no native descriptor
 * for it), so PostgreSQL's own rules apply: the WAL is synced before a commit is acknowledged, data files and
 * pg_control at each checkpoint.
 */
class FsyncNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const addFsync = (mod: Parameters<NonNullable<typeof emscriptenOpts.preRun>[number]>[0]) => {
      const nodefs = mod.NODEFS as unknown as EmscriptenNodeFs;
      nodefs.stream_ops.fsync = (stream) =>
        nodefs.tryFSOperation(() => {
          if (stream.nfd !== undefined) fsyncSync(stream.nfd);
          else fsyncPath(nodefs.realPath(stream.node));
        });
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}

/** The parts of Emscripten's NODEFS the fsync above uses; PGlite types it as an opaque file system. */
type EmscriptenNodeFs = {
  stream_ops: { fsync?: (stream: { nfd?: number; node: unknown }) => void };
  realPath(node: unknown): string;
  /** Turns a Node error into the errno the WASM side expects, so a failed fsync fails PostgreSQL's fsync(). */
  tryFSOperation<T>(operation: () => T): T;
};

/** PGlite's start parameters without `-F`; `fsync`, as fdatasync is the one call the WASM build cannot pass on. */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

/** fsync of a file or folder; folders too, so that the names of new files are on disk as well. */
function fsyncPath(path: string) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * PGlite's initdb writes a new cluster's ~1,000 files with fsync off, and PostgreSQL later syncs only the files it
 * changes itself: a crash soon after the folder was created could lose the catalog under the first commits.
 */
function fsyncTree(path: string) {
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) fsyncTree(child);
    else fsyncPath(child);
  }
  fsyncPath(path);
}

/**
 * A PGlite with the extensions the migrations create (trigram search, team_id inside a trigram index). Every PGlite
 * the app, the tests and the benchmarks open is made here.
 */
export const createPglite = (options: PGliteOptions = {}) =>
  PGlite.create({ ...options, extensions: { pg_trgm, btree_gin } });

/** PostgreSQL when a URL is given, otherwise embedded PGlite: same schema, same SQL, same migrations. */
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
    if (options.durable === false) {
      client = await createPglite({ dataDir: options.dataDir });
    } else {
      const created = !existsSync(join(options.dataDir, 'PG_VERSION'));
      client = await createPglite({
        fs: new FsyncNodeFS(options.dataDir),
        startParams: DURABLE_START_PARAMS,
      });
      if (created) {
        fsyncTree(options.dataDir);
        fsyncPath(dirname(options.dataDir));
      }
    }
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
