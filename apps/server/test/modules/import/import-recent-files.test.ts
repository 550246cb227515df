import { describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/client.js';
import { type FileRow, recentFiles } from '../../../src/modules/import/import.recent-files.js';

// The rows of the drafts' files kept between a draft's steps: a small file's rows only, 8 MB of files at most, the
// least recently used going first, and each database's apart (ids repeat across the tests' databases).

const MB = 1 << 20;
const rowsOf = (label: string): FileRow[] => [{ row: 2, cells: [label], cellsHash: label }];
const database = () => ({}) as Db;

describe('recentFiles', () => {
  it('keeps a file of up to 1 MB, not a larger one', () => {
    const db = database();
    expect(recentFiles.fits(MB)).toBe(true);
    expect(recentFiles.fits(MB + 1)).toBe(false);
    recentFiles.keep(db, 1, 1, MB, rowsOf('a'));
    recentFiles.keep(db, 1, 2, MB + 1, rowsOf('b'));
    expect(recentFiles.get(db, 1, 1)).toEqual(rowsOf('a'));
    expect(recentFiles.get(db, 1, 2)).toBeUndefined();
  });

  it('lets the least recently used files go beyond 8 MB, and drops one on demand', () => {
    const db = database();
    for (let id = 1; id <= 8; id += 1) recentFiles.keep(db, 1, id, MB, rowsOf(`f${id}`));
    // Read: now the most recently used, it stays when the ninth comes.
    expect(recentFiles.get(db, 1, 1)).toEqual(rowsOf('f1'));
    recentFiles.keep(db, 1, 9, MB, rowsOf('f9'));
    expect(recentFiles.get(db, 1, 2)).toBeUndefined();
    for (const id of [1, 3, 4, 5, 6, 7, 8, 9]) expect(recentFiles.get(db, 1, id)).toEqual(rowsOf(`f${id}`));
    recentFiles.drop(db, 1, 9);
    expect(recentFiles.get(db, 1, 9)).toBeUndefined();
  });

  it("keeps each database's and each team's files apart", () => {
    const one = database();
    const two = database();
    recentFiles.keep(one, 1, 1, 10, rowsOf('one'));
    expect(recentFiles.get(two, 1, 1)).toBeUndefined();
    expect(recentFiles.get(one, 2, 1)).toBeUndefined();
    expect(recentFiles.get(one, 1, 1)).toEqual(rowsOf('one'));
  });
});
