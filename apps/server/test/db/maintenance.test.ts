import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { maintainTables } from '../../src/db/maintenance.js';
import { freshDatabase } from '../helpers/test-app.js';

// PGlite runs no autovacuum; maintainTables does its work on autovacuum's thresholds (docs/decisions/022).
describe('maintenance of the tables', () => {
  let database: Database;
  let teamId: number;

  /** Adds counterparts on one connection and flushes its counters, which PostgreSQL otherwise reports up to 10 s late. */
  async function addCounterparts(count: number) {
    const client = await database.pool.connect();
    try {
      await client.query(
        `insert into external_channels (team_id, name) select $1, 'Контрагент ' || g || ' ' || $2 from generate_series(1, $2::int) g`,
        [teamId, count],
      );
      await client.query('select pg_stat_force_next_flush()');
    } finally {
      client.release();
    }
  }

  beforeAll(async () => {
    database = await freshDatabase();
    const { rows } = await database.db.execute<{ id: string }>(
      sql`insert into teams default values returning id`,
    );
    teamId = Number(rows[0]?.id);
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
