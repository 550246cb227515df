import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/test-app.js';
import { type DealRecord, ledgerTeam } from '../finance/ledger.js';

// The marking month finds its marked deals by the placement their marking and report rows carry (migration 0037): a
// copy that must equal the deal's whatever wrote it, a row added while its deal moves included.

describe("the marking and report rows' placement", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** Rows of either table whose placement is not their deal's. */
  const strays = async (teamId: number) => {
    const result = await app.db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select m.placement_at, d.placement_at as deal_at from deal_markings m
          join deals d on d.team_id = m.team_id and d.id = m.deal_id where m.team_id = ${teamId}
        union all
        select r.placement_at, d.placement_at from marking_reports r
          join deals d on d.team_id = r.team_id and d.id = r.deal_id where r.team_id = ${teamId}
      ) x where placement_at is distinct from deal_at`);
    return result.rows[0]?.n;
  };
  const rows = async (teamId: number) =>
    (
      await app.db.execute<{ n: number }>(sql`select
        (select count(*) from deal_markings where team_id = ${teamId} and placement_at is not null)
        + (select count(*) from marking_reports where team_id = ${teamId} and placement_at is not null) as n`)
    ).rows[0]?.n;

  it('equals the deal’s through inserts, moves, deletes and restores, also when they run at once', async () => {
    const t = await ledgerTeam(app, 'marking-placement', ['Канал']);
    const [channelId] = t.channelIds as [number];
    const deals: DealRecord[] = [];
    for (let i = 0; i < 12; i++) {
      deals.push(await t.deal(i % 2 ? 'purchase' : 'sale', { channelId, date: '2026-05-10', price: 1000 }));
    }
    const move = (deal: DealRecord, by: string) =>
      app.db.execute(sql`update deals set placement_at = placement_at + ${by}::interval
        where team_id = ${t.teamId} and id = ${deal.id}`);
    const markRow = (deal: DealRecord) =>
      app.db.execute(sql`insert into deal_markings (team_id, deal_id, registered_by)
        values (${t.teamId}, ${deal.id}, 'us')`);
    const reportRow = (deal: DealRecord) =>
      app.db.execute(
        sql`insert into marking_reports (team_id, deal_id, views) values (${t.teamId}, ${deal.id}, 10)`,
      );

    // Rows written while their deals move, and moved again while more come: on PostgreSQL these interleave.
    await Promise.all(
      deals.flatMap((deal, i) => [
        markRow(deal),
        move(deal, `${i + 1} days`),
        i % 2 ? reportRow(deal) : move(deal, '-3 hours'),
      ]),
    );
    expect(await strays(t.teamId)).toBe(0);
    expect(Number(await rows(t.teamId))).toBe(18);

    await Promise.all(
      deals.flatMap((deal, i) => [
        i % 2 ? Promise.resolve() : reportRow(deal),
        app.db.execute(sql`update deals set deleted_at = now(), placement_at = placement_at + interval '1 month'
          where team_id = ${t.teamId} and id = ${deal.id}`),
      ]),
    );
    await app.db.execute(sql`update deals set deleted_at = null, placement_at = placement_at - interval '2 days'
      where team_id = ${t.teamId}`);
    expect(await strays(t.teamId)).toBe(0);
    expect(Number(await rows(t.teamId))).toBe(24);
  });
});
