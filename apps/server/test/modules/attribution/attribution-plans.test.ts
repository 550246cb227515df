import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import type { ChatMemberUpdated } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../../src/db/client.js';
import * as schema from '../../../src/db/schema/index.js';
import type { SessionCaller } from '../../../src/lib/caller.js';
import { ownerAccess } from '../../../src/modules/access/access.js';
import { purchaseChanged, purchaseCreated } from '../../../src/modules/attribution/attribution.links.js';
import { recordMembership } from '../../../src/modules/attribution/attribution.members.js';
import { getAttribution, subscribersCsv } from '../../../src/modules/attribution/attribution.service.js';
import { createTestApp } from '../../helpers/test-app.js';
import { signInWith } from '../../helpers/users.js';

type Captured = { query: string; params: unknown[] };
type Client = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

/** Members a team: PostgreSQL is the one whose plans matter in production; PGlite seeds 60,000 in about 20 s. */
const MEMBERS = inject('database').kind === 'pglite' ? 20_000 : 60_000;

/** The tables that grow with the teams' work: reading one of them whole is what this file guards against. */
const LARGE = new Set(['channel_members', 'deals', 'invite_links', 'channels']);

const seqScans = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && LARGE.has(node['Relation Name'] ?? '')
    ? [node['Relation Name'] ?? '']
    : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

// Every query the attribution runs, captured from the real code through a logging connection, explained against
// a database of many teams' purchases, channels and members: none reads a growing table whole.
describe('the attribution’s queries at scale', () => {
  let app: FastifyInstance;
  let logged: Db;
  const captured: Captured[] = [];
  let client: Client;
  let teamId: number;
  let employeeId: number;
  let dealId: number;
  let channelId: number;
  const CHAT = -100777;

  beforeAll(async () => {
    app = await createTestApp({ BACKGROUND_JOBS: '0' });
    client = (app.db as unknown as { $client: Client }).$client;
    const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
    logged = drizzle({ client: client as never, schema, logger }) as unknown as Db;
    const teams = [];
    for (const key of ['plans-a', 'plans-b', 'plans-c']) teams.push((await signInWith(app, key)).member);
    teamId = teams[0]?.teamId ?? 0;
    employeeId = teams[0]?.employeeId ?? 0;
    for (const [i, team] of teams.entries()) {
      // 300 channels a team, 2,000 purchases with their links, and members (a third organic).
      await app.db.execute(sql`
        insert into channels (team_id, name, telegram_nick_name, telegram_chat_id, owner_employee_id, bot_status,
          bot_can_invite)
        select ${team.teamId}, 'Канал ' || n, 'plans_' || ${i} || '_' || n, -100000000 - ${i} * 1000 - n,
          ${team.employeeId}, 'administrator', true
        from generate_series(1, 300) n`);
      await app.db.execute(sql`
        with c as (select array_agg(id order by id) as ids from channels where team_id = ${team.teamId})
        insert into deals (team_id, kind, channel_id, status_id, placement_at, duration_type, price, deal_date)
        select ${team.teamId}, 'purchase', c.ids[1 + n % 300], 13, now(), 'INFINITY', 1000, current_date
        from generate_series(1, 2000) n, c`);
      await app.db.execute(sql`
        insert into invite_links (team_id, deal_id, chat_id, link, name)
        select team_id, id, -100000000 - ${i} * 1000 - (id % 300), 'https://t.me/+plans' || ${i} || '_' || id, 'x'
        from deals where team_id = ${team.teamId}`);
      await app.db.execute(sql`
        with d as (
          select array_agg(id order by id) as ids, array_agg(channel_id order by id) as channels
          from deals where team_id = ${team.teamId}
        )
        insert into channel_members (team_id, channel_id, telegram_user_id, user_label, deal_id, joined_at, left_at)
        select ${team.teamId}, d.channels[1 + n % 2000], 1000000 + n, 'Участник ' || n,
          case when n % 3 = 0 then null else d.ids[1 + n % 2000] end,
          now() - (n % 400) * interval '1 hour', case when n % 5 = 0 then now() else null end
        from generate_series(1, ${MEMBERS}) n, d`);
    }
    const [deal] = (
      await client.query(
        'select id, channel_id from deals where team_id = $1 and kind = $2 order by id limit 1 offset 100',
        [teamId, 'purchase'],
      )
    ).rows;
    dealId = Number(deal?.id);
    channelId = Number(deal?.channel_id);
    await client.query('update channels set telegram_chat_id = $1 where team_id = $2 and id = $3', [
      CHAT,
      teamId,
      channelId,
    ]);
    await client.query('update invite_links set chat_id = $1 where team_id = $2 and deal_id = $3', [
      CHAT,
      teamId,
      dealId,
    ]);
    await client.query('analyze', []);
  }, 300_000);
  afterAll(() => app.close());

  it('reads the attribution, the log, a join, a leave and the link hooks by index only', async () => {
    // Everything a caller carries but the user and the data version, which these services never read: a field they
    // come to need fails the type check here rather than the query.
    const caller = {
      teamId,
      employeeId,
      timeZone: 'Europe/Moscow',
      access: ownerAccess(employeeId),
    } satisfies Omit<SessionCaller, 'userId' | 'dataVersion'> as SessionCaller;
    const now = new Date();
    await getAttribution(logged, undefined, caller, dealId, now);
    const file = await subscribersCsv(logged, caller, dealId);
    for await (const _ of file.stream) {
      // read to the end: every batch's query is captured
    }
    const link = String(
      (
        await client.query('select link from invite_links where team_id = $1 and deal_id = $2', [
          teamId,
          dealId,
        ])
      ).rows[0]?.link,
    );
    const user = { id: 42, is_bot: false, first_name: 'Новый' };
    const update = (joins: boolean): ChatMemberUpdated => ({
      chat: { id: CHAT, type: 'channel', title: 'Канал' },
      from: user,
      date: Math.floor(now.getTime() / 1000),
      old_chat_member: joins ? { status: 'left', user } : { status: 'member', user },
      new_chat_member: joins ? { status: 'member', user } : { status: 'left', user },
      ...(joins
        ? {
            invite_link: {
              invite_link: link,
              creator: { id: 777, is_bot: true, first_name: 'AdDesk' },
              creates_join_request: false,
              is_primary: false,
              is_revoked: false,
            },
          }
        : {}),
    });
    const ctx = { db: logged, telegram: app.telegram, config: app.config, log: app.log, now: () => now };
    await recordMembership(ctx, update(true));
    await recordMembership(ctx, update(false));
    await logged.transaction(async (tx) => {
      await purchaseCreated(tx, teamId, dealId, channelId);
      await purchaseChanged(tx, teamId, dealId);
      await purchaseChanged(tx, teamId, dealId, true);
    });

    const statements = captured.filter(({ query }) => /^\s*(select|insert|update|delete)\b/i.test(query));
    expect(statements.length).toBeGreaterThan(10);
    const scansOf = async (query: string, params: unknown[]) => {
      const [row] = (await client.query(`explain (format json) ${query}`, params)).rows as [
        { 'QUERY PLAN': [{ Plan: PlanNode }] },
      ];
      return seqScans(row['QUERY PLAN'][0].Plan);
    };
    // The check itself sees a whole table read.
    expect(await scansOf('select count(*) from channel_members where user_label <> $1', [''])).toEqual([
      'channel_members',
    ]);
    for (const { query, params } of statements) expect(await scansOf(query, params), query).toEqual([]);
  });
});
