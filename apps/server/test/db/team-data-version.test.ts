import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { freshDatabase } from '../helpers/test-app.js';

// The team's data version (migration 0019, docs/decisions/020) is what makes a 304 safe: every table of team data a
// user reads must raise it in the writing transaction.

/**
 * Tables with a team_id that need no trigger of their own, and why. A new table with a team_id fails this test until
 * it gets the triggers or a line here.
 */
const EXEMPT: Record<string, string> = {
  deal_imports: "an import's draft and progress, which no answer with an ETag shows; its commit writes deals",
  deal_sources: 'written in the transaction that writes the imported deals, which raises the version itself',
  // A post's readings (docs/decisions/031): only the post's own answers show them, and those have no ETag; what a
  // list shows of a post (its link, its CPM) is kept on deals, whose triggers raise the version.
  deal_posts: "what was read of a deal's post, shown by GET …/post alone (no ETag)",
  post_views: "a post's readings of views, likewise",
  channel_posts:
    "the bot's posts of our channels, offered by GET /api/sale/{id}/post/candidates alone (no ETag)",
  deal_markings: "a deal's marking, shown by GET …/marking alone (no ETag)",
  contact_legal: "a contact's legal details for their next deal's marking, read by GET …/marking alone",
  team_legal: "the team's legal details, shown by GET /api/team/legal alone (no ETag)",
  team_ord: "the team's ОРД account, shown by GET /api/team/ord alone (no ETag)",
  marking_reports:
    "a deal's month report to ЕРИР, shown by GET …/marking and /api/marking/months alone (no ETag)",
  deal_report_links: "a deal's report link, shown by GET …/post and the public report (neither has an ETag)",
  calendar_days: "a roll-up written by the deals' own triggers, in the statement that writes the deals",
  money_days: "a roll-up written by the deals' and payments' own triggers, likewise",
  money_periods: 'money_days per week and month, written with it by the same triggers',
  pay_received:
    "a roll-up written by the deals' and payments' own triggers, in the statement that writes them",
  pay_posts: "a roll-up written by the deals' own triggers and the team's zone change, likewise",
  history_events: 'written only in the transaction of the change it records, which raises the version itself',
  idempotency_keys: 'stored answers of create calls, which write their data in the same transaction',
  jobs: 'the background queue; a job that changes team data writes team tables',
  sent_notifications: "the bot's record of what it sent: no answer shows it",
  sessions: 'written on sign-in and on every renewal: bumping would spoil every ETag, and no answer shows it',
  telegram_link_tokens: 'single-use tokens of Telegram linking; the link itself is in user_settings',
  team_data_versions: 'the version itself',
};

describe('team data version', () => {
  let database: Database;
  const rows = async (query: ReturnType<typeof sql>) => database.db.execute(query);
  const versionOf = async (teamId: number) =>
    Number(
      (await rows(sql`select version from team_data_versions where team_id = ${teamId}`)).rows[0]?.version,
    );
  const newTeam = async () =>
    Number((await rows(sql`insert into teams default values returning id`)).rows[0]?.id);

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('every table with a team_id bumps it on insert, update and delete, or says why not', async () => {
    const { rows: tables } = await rows(sql`
      select c.table_name as name,
             array(select distinct t.event_manipulation::text from information_schema.triggers t
                   where t.event_object_table = c.table_name and t.action_statement like '%team_data_bump%'
                   order by 1) as events
      from information_schema.columns c
      where c.table_schema = 'public' and c.column_name = 'team_id'
      order by 1`);
    const uncovered = tables
      .filter((t) => !((t.name as string) in EXEMPT))
      .filter((t) => (t.events as string[]).join(',') !== 'DELETE,INSERT,UPDATE')
      .map((t) => `${t.name}: ${(t.events as string[]).join(',') || 'no trigger'}`);
    expect(uncovered).toEqual([]);
    // The exemptions name real tables, so the list cannot rot.
    const names = new Set(tables.map((t) => t.name));
    expect(Object.keys(EXEMPT).filter((name) => !names.has(name))).toEqual([]);
  });

  it('a new team starts at 1; its own row and its data raise it; a rolled-back write does not', async () => {
    const teamId = await newTeam();
    expect(await versionOf(teamId)).toBe(1);
    await rows(sql`update teams set time_zone = 'Asia/Omsk' where id = ${teamId}`);
    expect(await versionOf(teamId)).toBe(2);
    await rows(sql`insert into employees (team_id, first_name) values (${teamId}, 'А'), (${teamId}, 'Б')`);
    // One statement of several rows bumps once.
    expect(await versionOf(teamId)).toBe(3);
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update employees set first_name = 'В' where team_id = ${teamId}`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await versionOf(teamId)).toBe(3);
    await rows(sql`delete from employees where team_id = ${teamId}`);
    expect(await versionOf(teamId)).toBe(4);
  });

  it('writes of one team from many connections at once all commit, each bumping once', async () => {
    const teamId = await newTeam();
    // On PostgreSQL these are ten pool connections queueing on the team's version row; PGlite runs them in turn.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into employees (team_id, first_name) values (${teamId}, ${`Сотрудник ${i}`})`,
          );
          await tx.execute(sql`update employees set second_name = 'Б' where team_id = ${teamId}`);
        }),
      ),
    );
    expect(await versionOf(teamId)).toBe(21);
  });

  it('a statement over several teams bumps each of them once, and a team deleted with its data leaves no row', async () => {
    const [a, b] = [await newTeam(), await newTeam()];
    await rows(sql`insert into employees (team_id, first_name) values (${a}, 'А'), (${b}, 'Б'), (${b}, 'В')`);
    expect([await versionOf(a), await versionOf(b)]).toEqual([2, 2]);
    await rows(sql`delete from teams where id = ${a}`);
    expect((await rows(sql`select 1 from team_data_versions where team_id = ${a}`)).rows).toEqual([]);
    expect(await versionOf(b)).toBe(2);
  });
});
