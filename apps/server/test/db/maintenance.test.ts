import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';
import { maintainTables } from '../../src/db/maintenance.js';
import { freshDatabase } from '../helpers/test-app.js';

/** Adds counterparts on one connection and flushes its counters, which PostgreSQL otherwise reports up to 10 s late. */
async function insertCounterparts(database: Database, teamId: number, count: number) {
  const client = await database.pool.connect();
  try {
    await client.query(
      `insert into external_channels (team_id, name) select $1, 'Контрагент ' || gen_random_uuid() from generate_series(1, $2::int)`,
      [teamId, count],
    );
    await client.query('select pg_stat_force_next_flush()');
  } finally {
    client.release();
  }
}

async function newTeam(database: Database) {
  const { rows } = await database.db.execute<{ id: string }>(
    sql`insert into teams default values returning id`,
  );
  return Number(rows[0]?.id);
}

// PGlite runs no autovacuum; maintainTables does its work on autovacuum's thresholds (docs/decisions/022).
describe('maintenance of the tables', () => {
  let database: Database;
  let teamId: number;
  const addCounterparts = (count: number) => insertCounterparts(database, teamId, count);

  beforeAll(async () => {
    database = await freshDatabase();
    teamId = await newTeam(database);
    // On PostgreSQL its own autovacuum must not take this table's turn while the test counts it.
    await database.db.execute(sql`alter table external_channels set (autovacuum_enabled = false)`);
  });
  afterAll(() => database.close());

  it('analyzes every table never analyzed, then has nothing to do', async () => {
    await maintainTables(database.db);
    const { rows } = await database.db.execute(sql`
      select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and reltuples < 0`);
    expect(rows).toEqual([]);
    await database.pool.query('select pg_stat_force_next_flush()');
    expect(await maintainTables(database.db)).toEqual([]);
  });

  it('analyzes a table once enough of its rows changed, and vacuums it once enough arrived', async () => {
    await addCounterparts(20);
    expect(await maintainTables(database.db)).toEqual([]);
    await addCounterparts(300);
    expect(await maintainTables(database.db)).toEqual(['analyze public.external_channels']);
    await addCounterparts(1200);
    expect(await maintainTables(database.db)).toEqual(['vacuum (analyze) public.external_channels']);
    await database.pool.query('select pg_stat_force_next_flush()');
    expect(await maintainTables(database.db)).toEqual([]);
  });
});

// PGlite forgets its activity counters when it closes (docs/decisions/022): its close keeps them for the next start.
describe.runIf(inject('database').kind === 'pglite')(
  'maintenance of the embedded database across a restart',
  () => {
    let dataDir: string;
    let database: Database;
    const reopen = async () => {
      await database.close();
      database = await openDatabase({ dataDir, durable: false });
    };

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'addesk-maintenance-'));
      database = await openDatabase({ dataDir, durable: false });
      await database.migrate();
      await maintainTables(database.db);
    });
    afterAll(async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('counts what changed before a restart, and only once', async () => {
      const teamId = await newTeam(database);
      const add = (count: number) => insertCounterparts(database, teamId, count);
      await add(2000);
      expect(await maintainTables(database.db)).toEqual(['vacuum (analyze) public.external_channels']);
      // Analyzed at 2 000 rows: due after 250 more changed. 150 before a restart and 150 after make 300.
      await add(150);
      expect(await maintainTables(database.db)).toEqual([]);
      await reopen();
      await add(150);
      expect(await maintainTables(database.db)).toEqual(['analyze public.external_channels']);
      await reopen();
      expect(await maintainTables(database.db)).toEqual([]);
      // Vacuumed at 2 000 rows, now 2 300: due after 1 460 inserted. The 300 of both starts and 1 200 make 1 500.
      await add(1200);
      await reopen();
      expect(await maintainTables(database.db)).toEqual(['vacuum (analyze) public.external_channels']);
      await reopen();
      expect(await maintainTables(database.db)).toEqual([]);
    });

    it('closes all the same when the counters cannot be kept, with a warning', async () => {
      await insertCounterparts(database, await newTeam(database), 10);
      await database.db.execute(
        sql`alter table embedded_table_activity add constraint refuse check (dead < 0) not valid`,
      );
      const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
      try {
        await reopen();
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^PGlite: activity counters not kept/));
      } finally {
        warn.mockRestore();
      }
      await database.db.execute(sql`alter table embedded_table_activity drop constraint refuse`);
      expect((await database.db.execute(sql`select 1 as alive`)).rows).toEqual([{ alive: 1 }]);
    });
  },
);
