import { rm } from 'node:fs/promises';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';
import { folderBefore } from './migrations-before.js';

describe('migration 0006 on a database that already holds duplicates', () => {
  let database: Database;
  let before: string;
  const rows = async (query: string) => (await database.pool.query(query)).rows;

  beforeAll(async () => {
    before = await folderBefore('0006_safe_retries');
    database = await openDatabase({ memory: true });
    await migrate(database.db as Parameters<typeof migrate>[0], { migrationsFolder: before });
    // Rows as concurrent requests stored them twice before the unique indexes existed.
    await database.pool.query(`
      insert into teams overriding system value values (1, now());
      insert into employees (team_id, first_name) values (1, 'Мастер');
      insert into channels (team_id, name, telegram_nick_name, owner_employee_id) values (1, 'Мой канал', 'mine', 1);
      insert into external_channels (team_id, name) values (1, 'Дубль'), (1, 'дубль'), (1, 'ДУБЛЬ'), (1, 'Один');
      insert into external_channels (team_id, name, username) values (1, 'Дубль', 'dubl');
      insert into contacts (team_id, name) values (1, 'Олег'), (1, 'олег');
      insert into deals (team_id, kind, channel_id, external_channel_id, contact_id, status_id, placement_at,
        duration_type, price, deal_date)
      select 1, 'sale', 1, e, c, 1, now(), 'INFINITY', 100, '2026-05-18'
      from unnest(array[1, 2, 3, 4, 5]) e, unnest(array[1, 2]) c;
      insert into payment_methods (team_id, employee_id, payment_method_type_id, credentials, description)
      values (1, 1, 1, '2200 1111', 'первая'), (1, 1, 1, '2200 1111', 'вторая'), (1, 1, 1, '2200 2222', '');
      insert into idempotency_keys (team_id, key, result) values (1, 'channel-employee:old', '{"employeeId": 1}');
    `);
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    await rm(before, { recursive: true, force: true });
  });

  it('keeps the oldest of each group and re-points the deals to it', async () => {
    expect(await rows('select id::int, name, username from external_channels order by id')).toEqual([
      { id: 1, name: 'Дубль', username: null },
      { id: 4, name: 'Один', username: null },
      { id: 5, name: 'Дубль', username: 'dubl' },
    ]);
    expect(await rows('select id::int, name from contacts order by id')).toEqual([{ id: 1, name: 'Олег' }]);
    expect(
      await rows(
        'select external_channel_id::int as e, contact_id::int as c, count(*)::int as n from deals group by 1, 2 order by 1, 2',
      ),
    ).toEqual([
      { e: 1, c: 1, n: 6 },
      { e: 4, c: 1, n: 2 },
      { e: 5, c: 1, n: 2 },
    ]);
  });

  it('keeps one of the same requisites, the first with its description', async () => {
    expect(await rows('select credentials, description from payment_methods order by id')).toEqual([
      { credentials: '2200 1111', description: 'первая' },
      { credentials: '2200 2222', description: '' },
    ]);
  });

  it('leaves the indexes that stop new duplicates, and marks earlier keys as matching no request', async () => {
    await expect(
      database.pool.query(`insert into contacts (team_id, name) values (1, 'ОЛЕГ')`),
    ).rejects.toMatchObject({
      code: '23505',
      constraint: 'contacts_team_name_uq',
    });
    expect(await rows('select key, request_hash, status from idempotency_keys')).toEqual([
      { key: 'channel-employee:old', request_hash: '', status: 201 },
    ]);
  });
});
