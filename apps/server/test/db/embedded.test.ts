import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';

// The embedded database runs on its own thread and is reached through node-postgres (db/embedded.ts). These tests
// open one directly, whatever database the run's other tests use.
describe('the embedded database on its own thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
  });
  afterAll(() => database.close());

  it("leaves the server's thread free while a query runs", async () => {
    const events: string[] = [];
    const query = database.pool.query('select pg_sleep(0.3)').then(() => events.push('query'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    events.push('timer');
    await query;

    // On the server's thread, the WASM backend held the thread for the whole query: the timer came after it.
    expect(events).toEqual(['timer', 'query']);
  });

  it('answers many concurrent queries and transactions, each with its own result', async () => {
    await database.pool.query('create table counter (id int primary key, n int not null)');
    const plain = Array.from({ length: 30 }, (_, i) =>
      database.pool.query('select $1::int * 2 as twice', [i]),
    );
    const transactions = Array.from({ length: 10 }, async (_, i) => {
      const client = await database.pool.connect();
      try {
        await client.query('begin');
        await client.query('insert into counter values ($1, $2)', [i, i * 10]);
        const { rows } = await client.query('select n from counter where id = $1', [i]);
        await client.query('commit');
        return rows[0]?.n;
      } finally {
        client.release();
      }
    });

    expect((await Promise.all(plain)).map((result) => result.rows[0]?.twice)).toEqual(
      Array.from({ length: 30 }, (_, i) => i * 2),
    );
    expect(await Promise.all(transactions)).toEqual(Array.from({ length: 10 }, (_, i) => i * 10));
  });

  it('keeps a connection usable after a query fails, with the error PostgreSQL gives', async () => {
    await expect(database.pool.query('select 1 / 0')).rejects.toMatchObject({ code: '22012' });
    expect((await database.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('rolls back what a connection that died left open, and forgets its prepared statements', async () => {
    await database.pool.query('create table note (body text not null)');
    const dying = await database.pool.connect();
    await dying.query({ name: 'same_name', text: "select 'old' as answer" });
    await dying.query('begin');
    await dying.query("insert into note values ('never committed')");
    // An error given back destroys the connection, as a broken socket does.
    dying.release(new Error('connection lost'));

    const next = await database.pool.connect();
    try {
      expect((await next.query('select count(*)::int as n from note')).rows).toEqual([{ n: 0 }]);
      expect((await next.query('select pg_current_xact_id_if_assigned() as xact')).rows).toEqual([
        { xact: null },
      ]);
      expect((await next.query({ name: 'same_name', text: "select 'new' as answer" })).rows).toEqual([
        { answer: 'new' },
      ]);
    } finally {
      next.release();
    }
  });

  it('passes answers larger than its buffers whole', async () => {
    const { rows } = await database.pool.query('select repeat($1, 3000000) as text', ['ж']);
    expect(rows[0]?.text).toHaveLength(3_000_000);
  });

  it('fails to open, with the reason, where no database can be made', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'addesk-embedded-'));
    const file = join(dir, 'a-file');
    await writeFile(file, 'not a folder');
    try {
      await expect(openDatabase({ dataDir: file })).rejects.toThrow(/EEXIST|ENOTDIR/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
