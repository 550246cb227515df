import { rm } from 'node:fs/promises';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';
import { folderBefore } from './migrations-before.js';

// Migration 0022 (docs/decisions/024): every account so far was a master's, and becomes a person bound to that master,
// sessions included. Migration 0024 (docs/decisions/026): pay terms written as text get a rate where the text holds
// plainly one number.
describe('migrations 0022 and 0024 on a database with data', () => {
  let database: Database;
  let before: string;
  const rows = async (query: string) => (await database.pool.query(query)).rows;

  beforeAll(async () => {
    before = await folderBefore('0022_team_members');
    database = await openDatabase({ memory: true });
    await migrate(database.db as Parameters<typeof migrate>[0], { migrationsFolder: before });
    await database.pool.query(`
      insert into teams (id) overriding system value values (1), (2);
      insert into employees (team_id, first_name) values (1, 'Мастер'), (2, 'Другой');
      insert into employees (team_id, first_name, manager_id) values (1, 'Продавец', 1);
      insert into accounts (provider, subject, team_id, employee_id) values
        ('google', 'g-1', 1, 1), ('yandex', 'y-1', 1, 1), ('demo', 'key', 2, 2);
      insert into sessions (token_hash, team_id, employee_id, expires_at) values
        ('h1', 1, 1, now() + interval '1 day'), ('h2', 2, 2, now() + interval '1 day');
      insert into channels (team_id, name, telegram_nick_name, owner_employee_id) values (1, 'Канал', 'chan', 1);
      insert into channel_employees (team_id, channel_id, employee_id, role_id, salary_type_id, conditions) values
        (1, 1, 3, 2, 2, '10% от каждой продажи, выплата по пятницам'),
        (1, 1, 3, 1, 1, '30 000 руб в месяц'),
        (1, 1, 3, 4, 4, '500,50 за пост'),
        (1, 1, 3, 3, 3, '5% или 7% по итогам месяца'),
        (1, 1, 1, 3, 3, 'по договорённости');
    `);
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    await rm(before, { recursive: true, force: true });
  });

  it('makes each master who signed in a person, with all their sign-ins and sessions', async () => {
    const people =
      await rows(`select e.team_id::int as team, e.id::int as employee, e.user_id is not null as bound,
      (select count(*)::int from accounts a where a.user_id = e.user_id) as accounts,
      (select count(*)::int from sessions s where s.user_id = e.user_id) as sessions
      from employees e order by e.team_id, e.id`);
    expect(people).toEqual([
      { team: 1, employee: 1, bound: true, accounts: 2, sessions: 1 },
      { team: 1, employee: 3, bound: false, accounts: 0, sessions: 0 },
      { team: 2, employee: 2, bound: true, accounts: 1, sessions: 1 },
    ]);
    expect(await rows('select count(*)::int as n from users')).toEqual([{ n: 2 }]);
  });

  it('reads a rate from terms that hold one number, and leaves any other text a note', async () => {
    expect(
      await rows('select role_id::int as role, rate from channel_employees order by employee_id, role_id'),
    ).toEqual([
      { role: 3, rate: null },
      { role: 1, rate: '30000.00' },
      { role: 2, rate: '10.00' },
      { role: 3, rate: null },
      { role: 4, rate: '500.50' },
    ]);
  });
});
