// @ts-check
// Opens the embedded database: PGlite with the extensions the migrations create, and, by default, a file system that
// makes its commits durable. The database's thread (embedded-worker.js) is its one user in the product; the
// durability tests open it here directly, as a spy on fsync sees only its own thread.
//
// Plain JavaScript, type-checked from its JSDoc, like the worker that imports it (see there).
import { closeSync, existsSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** @typedef {import('./embedded.js').EmbeddedOptions} EmbeddedOptions */

/**
 * The parts of Emscripten's NODEFS the fsync below uses; PGlite types it as an opaque file system.
 * @typedef {{
 *   stream_ops: { fsync?: (stream: { nfd?: number; node: unknown }) => void };
 *   realPath(node: unknown): string;
 *   tryFSOperation<T>(operation: () => T): T;
 * }} EmscriptenNodeFs
 */

/**
 * PGlite starts PostgreSQL with fsync off (`-F`), and even with it on, its Node file system (Emscripten's NODEFS) has
 * no fsync: fsync() and fdatasync() in the WASM build return success without reaching the disk. NODEFS writes each
 * block straight to the real file (so a killed process loses nothing), but the bytes stay in the OS page cache.
 * This file system gives NODEFS an fsync that syncs the real file (or folder, when NODEFS holds no native descriptor
 * for it), so PostgreSQL's own rules apply: the WAL is synced before a commit is acknowledged, data files and
 * pg_control at each checkpoint. `tryFSOperation` turns a Node error into the errno the WASM side expects, so a failed
 * fsync fails PostgreSQL's fsync().
 */
class FsyncNodeFS extends NodeFS {
  /** @override @type {NodeFS['init']} */
  async init(pg, options) {
    const { emscriptenOpts } = await super.init(pg, options);
    /** @param {{ NODEFS: unknown }} mod */
    const addFsync = (mod) => {
      const nodefs = /** @type {EmscriptenNodeFs} */ (mod.NODEFS);
      nodefs.stream_ops.fsync = (stream) =>
        nodefs.tryFSOperation(() => {
          if (stream.nfd !== undefined) fsyncSync(stream.nfd);
          else fsyncPath(nodefs.realPath(stream.node));
        });
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}

/** PGlite's start parameters without `-F`; `fsync`, as fdatasync is the one call the WASM build cannot pass on. */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

/**
 * fsync of a file or folder; folders too, so that the names of new files are on disk as well.
 * @param {string} path
 */
function fsyncPath(path) {
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
 * @param {string} path
 */
function fsyncTree(path) {
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) fsyncTree(child);
    else fsyncPath(child);
  }
  fsyncPath(path);
}

/**
 * A PGlite with the extensions the migrations create (trigram search, team_id inside a trigram index).
 * @param {import('@electric-sql/pglite').PGliteOptions} options
 */
const createPglite = (options) => PGlite.create({ ...options, extensions: { pg_trgm, btree_gin } });

/** @param {EmbeddedOptions} options */
export async function openPglite(options) {
  if ('memory' in options) {
    return createPglite(
      options.loadFrom ? { loadDataDir: new Blob([await readFile(options.loadFrom)]) } : {},
    );
  }
  await mkdir(options.dataDir, { recursive: true });
  if (options.durable === false) return createPglite({ dataDir: options.dataDir });
  const created = !existsSync(join(options.dataDir, 'PG_VERSION'));
  const client = await createPglite({
    fs: new FsyncNodeFS(options.dataDir),
    startParams: DURABLE_START_PARAMS,
  });
  if (created) {
    fsyncTree(options.dataDir);
    fsyncPath(dirname(options.dataDir));
  }
  return client;
}
