import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { freshDatabase } from '../helpers/test-app.js';

// A GIN index with its pending list (fastupdate, PostgreSQL's default) keeps new rows in an unsorted list that each
// scan reads whole until a VACUUM merges it. PGlite runs no autovacuum, so there the list would only grow and every
// search would slow down with it (migration 0020).
describe('GIN indexes', () => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('write new rows into the index at once, with no pending list', async () => {
    const { rows } = await database.db.execute<{ name: string; options: string[] | null }>(sql`
      select c.relname as name, c.reloptions as options
      from pg_class c join pg_am a on a.oid = c.relam
      where a.amname = 'gin' and c.relnamespace = 'public'::regnamespace
      order by c.relname`);
    expect(rows.map((row) => row.name)).toEqual([
      'channels_team_search_idx',
      'contacts_team_search_idx',
      'external_channels_team_search_idx',
    ]);
    for (const row of rows) expect(row.options, row.name).toContain('fastupdate=false');
  });
});
