import type { Db } from '../../db/client.js';
import type { ReadCell } from '../../lib/files/read-table.js';

/** A data row of a file as read: its number in the file, its cells and the hash of its cells (`cellsHash`). */
export type FileRow = { row: number; cells: ReadCell[]; cellsHash: string };

/** A file larger than this is read again for each step: its rows would hold several times its size in memory. */
const MAX_FILE_BYTES = 1 << 20;
/** The files' bytes kept at most, all drafts together: about 40 MB of rows at most. */
const MAX_TOTAL_BYTES = 8 << 20;

type Entry = { bytes: number; rows: FileRow[] };

// Per database: the tests run several apps, each with its own database, in one process, and their ids repeat.
const kept = new WeakMap<Db, Map<string, Entry>>();

const keyOf = (teamId: number, importId: number) => `${teamId}:${importId}`;

function entries(db: Db) {
  let map = kept.get(db);
  if (!map) {
    map = new Map();
    kept.set(db, map);
  }
  return map;
}

/**
 * The data rows of the drafts' files checked last, kept in the process between a draft's steps (issue 38, amending
 * decision 029): reading a 1 000-row file from the database, decoding and parsing it again was a third of each check.
 * A draft's file never changes, so what is kept is never stale: it goes when the draft is committed or discarded, or
 * when newer files need the room (the least recently used first). Another server process reads the file itself.
 */
export const recentFiles = {
  get(db: Db, teamId: number, importId: number): FileRow[] | undefined {
    const map = entries(db);
    const key = keyOf(teamId, importId);
    const entry = map.get(key);
    if (!entry) return undefined;
    map.delete(key);
    map.set(key, entry);
    return entry.rows;
  },

  /** Whether a file this large is kept: a larger one is read row by row and its rows are not collected. */
  fits: (fileBytes: number) => fileBytes <= MAX_FILE_BYTES,

  keep(db: Db, teamId: number, importId: number, fileBytes: number, rows: FileRow[]) {
    if (!recentFiles.fits(fileBytes)) return;
    const map = entries(db);
    map.delete(keyOf(teamId, importId));
    let total = fileBytes;
    for (const entry of map.values()) total += entry.bytes;
    for (const [key, entry] of map) {
      if (total <= MAX_TOTAL_BYTES) break;
      map.delete(key);
      total -= entry.bytes;
    }
    map.set(keyOf(teamId, importId), { bytes: fileBytes, rows });
  },

  drop(db: Db, teamId: number, importId: number) {
    entries(db).delete(keyOf(teamId, importId));
  },
};
