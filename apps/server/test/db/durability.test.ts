import { spawn } from 'node:child_process';
import fs, { readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';
import { openPglite } from '../../src/db/pglite.js';

// What these tests prove: with the default (durable) embedded database, a commit is acknowledged only after the WAL
// file holding it was fsynced on the real file system, a checkpoint fsyncs the data files and pg_control, and a
// process killed right after an acknowledged write leaves a folder PostgreSQL recovers with the row in it.
// The fsync checks open PGlite here, as its thread opens it (db/pglite.js): a spy sees only the thread it is in.
// What they cannot prove: that the disk honours fsync (a write cache without power-loss protection, a file system
// mounted without barriers) - only pulling the power of a real machine would show that.

/** Paths of the real files fsynced while `action` runs, inside `dataDir`. */
async function fsyncedPaths(dataDir: string, action: () => Promise<unknown>): Promise<string[]> {
  const paths: string[] = [];
  const fsync = fs.fsyncSync;
  const spy = vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
    paths.push(readlinkSync(`/proc/self/fd/${fd}`));
    fsync(fd);
  });
  // The client imports fsyncSync by name: refresh the ES module's binding so it sees the spy.
  syncBuiltinESMExports();
  try {
    await action();
  } finally {
    spy.mockRestore();
    syncBuiltinESMExports();
  }
  return paths.filter((path) => path.startsWith(dataDir)).map((path) => path.slice(dataDir.length + 1));
}

describe('embedded database durability', () => {
  let dataDir: string;
  let database: Database | undefined;
  let pglite: PGlite | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'addesk-durability-'));
  });
  afterEach(async () => {
    await database?.close();
    await pglite?.close();
    database = undefined;
    pglite = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('fsyncs every file and folder of a data folder it creates', async () => {
    const paths = await fsyncedPaths(dataDir, async () => {
      pglite = await openPglite({ dataDir });
    });

    const entries = readdirSync(dataDir, { recursive: true, encoding: 'utf8' });
    expect(entries.length).toBeGreaterThan(500);
    expect(entries.filter((entry) => !paths.includes(entry))).toEqual([]);
  }, 30_000);

  it('fsyncs the WAL before it acknowledges a commit', async () => {
    const db = await openPglite({ dataDir });
    pglite = db;
    await db.exec('create table note (id serial primary key, body text not null)');

    const paths = await fsyncedPaths(dataDir, () => db.exec(`insert into note (body) values ('первая')`));

    expect(paths.filter((path) => path.startsWith('pg_wal/'))).toHaveLength(1);
  }, 30_000);

  it('fsyncs the data files and pg_control at a checkpoint', async () => {
    const db = await openPglite({ dataDir });
    pglite = db;
    await db.exec('create table note (id serial primary key, body text not null)');
    await db.exec(`insert into note (body) values ('первая')`);

    const paths = await fsyncedPaths(dataDir, () => db.exec('checkpoint'));

    expect(paths.some((path) => path.startsWith('base/'))).toBe(true);
    expect(paths).toContain('global/pg_control');
  }, 30_000);

  it('without durability, a commit reaches no fsync (the check above can fail)', async () => {
    const db = await openPglite({ dataDir, durable: false });
    pglite = db;
    await db.exec('create table note (id serial primary key, body text not null)');

    const paths = await fsyncedPaths(dataDir, () => db.exec(`insert into note (body) values ('первая')`));

    expect(paths).toEqual([]);
  }, 30_000);

  it('keeps an acknowledged write when the process is killed right after it', async () => {
    const client = fileURLToPath(new URL('../../src/db/client.ts', import.meta.url));
    const writer = `
      import { sql } from 'drizzle-orm';
      import { openDatabase } from ${JSON.stringify(client)};
      const { db } = await openDatabase({ dataDir: process.argv[1] });
      await db.execute(sql\`create table note (id serial primary key, body text not null)\`);
      await db.execute(sql\`insert into note (body) values ('подтверждена')\`);
      process.stdout.write('acknowledged\\n');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', writer, dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('acknowledged')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the writer exited with ${code} before acknowledging`)));
    });
    child.kill('SIGKILL');
    await exited;

    database = await openDatabase({ dataDir });
    const result = await database.db.execute(sql`select body from note`);

    expect(result.rows as unknown[]).toEqual([{ body: 'подтверждена' }]);
  }, 60_000);
});
