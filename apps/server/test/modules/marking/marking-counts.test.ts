import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/test-app.js';
import { type DealRecord, ledgerTeam } from '../finance/ledger.js';

// The marking month's counts per day (calendar_days, migration 0039) are added to by the markings' and the reports'
// triggers and recounted by the deals': whatever runs at once, they stay what a recount of the rows gives. On
// PostgreSQL the writes below interleave; PGlite runs them one at a time.

describe("the calendar's marking counts", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** The counts as kept, and as the live, not cancelled deals' rows give them, by day and kind. */
  const kept = async (teamId: number) =>
    (
      await app.db.execute(sql`
        select day::text, kind, complete_count as complete, complete_if_legal_count as if_legal, sent_count as sent
        from calendar_days where team_id = ${teamId} order by 1, 2`)
    ).rows;
  const recounted = async (teamId: number) =>
    (
      await app.db.execute(sql`
        select c.day::text, c.kind,
          count(x.id) filter (where m.complete)::int as complete,
          count(x.id) filter (where m.complete_if_legal)::int as if_legal,
          count(x.id) filter (where r.sent)::int as sent
        from calendar_days c
        join teams z on z.id = c.team_id
        left join deals x on x.team_id = c.team_id and x.kind = c.kind and x.deleted_at is null
          and (x.placement_at at time zone z.time_zone)::date = c.day
          and not exists (select 1 from deal_statuses s where s.id = x.status_id and s.cancels)
        left join deal_markings m on m.team_id = x.team_id and m.deal_id = x.id
        left join marking_reports r on r.team_id = x.team_id and r.deal_id = x.id
        where c.team_id = ${teamId} group by 1, 2 order by 1, 2`)
    ).rows;

  it('equal a recount through markings, reports, moves, cancellations, deletes and restores at once', async () => {
    const t = await ledgerTeam(app, 'marking-counts', ['Канал']);
    const [channelId] = t.channelIds as [number];
    const deals: DealRecord[] = [];
    for (let i = 0; i < 12; i++) {
      deals.push(await t.deal(i % 2 ? 'purchase' : 'sale', { channelId, date: '2026-05-10', price: 1000 }));
    }
    const where = (deal: DealRecord) => sql`team_id = ${t.teamId} and id = ${deal.id}`;
    const deal = (deal: DealRecord, change: ReturnType<typeof sql>) =>
      app.db.execute(sql`update deals set ${change} where ${where(deal)}`);
    // Complete for either kind: 'not required' needs its reason only.
    const mark = (deal: DealRecord, reason: string | null) =>
      app.db.execute(sql`insert into deal_markings (team_id, deal_id, kind, registered_by, reason)
        values (${t.teamId}, ${deal.id}, ${deal.kind}, 'not_required', ${reason})
        on conflict (team_id, deal_id) do update set reason = excluded.reason`);
    const report = (deal: DealRecord, status: 'done' | 'queued') =>
      app.db.execute(sql`insert into marking_reports (team_id, deal_id, statistics, act)
        values (${t.teamId}, ${deal.id}, 'done', ${status})
        on conflict (team_id, deal_id) do update set act = excluded.act`);

    await Promise.all(
      deals.flatMap((d, i) => [
        mark(d, i % 3 ? 'Собственная реклама' : null),
        deal(d, sql`placement_at = placement_at + ${`${i + 1} days`}::interval`),
        i % 2 ? report(d, 'done') : deal(d, sql`placement_at = placement_at - interval '3 hours'`),
      ]),
    );
    const first = await kept(t.teamId);
    expect(first).toEqual(await recounted(t.teamId));
    expect(first.reduce((sum, day) => sum + Number(day.complete), 0)).toBe(8);
    expect(first.reduce((sum, day) => sum + Number(day.sent), 0)).toBe(6);

    // A status that cancels (7 for a sale, 16 for a purchase) and back, deletes and restores, markings and reports
    // changed and removed, all at once.
    await Promise.all(
      deals.flatMap((d, i) => [
        deal(d, sql`status_id = ${d.kind === 'sale' ? 7 : 16}`),
        mark(d, i % 3 ? null : 'Собственная реклама'),
        i % 2 ? report(d, 'queued') : report(d, 'done'),
        i % 4 === 0
          ? deal(d, sql`deleted_at = now(), placement_at = placement_at + interval '1 month'`)
          : app.db.execute(
              sql`delete from marking_reports where team_id = ${t.teamId} and deal_id = ${d.id}`,
            ),
      ]),
    );
    await app.db.execute(sql`update deals set deleted_at = null, status_id = case kind when 'sale' then 1 else 11 end
      where team_id = ${t.teamId}`);
    expect(await kept(t.teamId)).toEqual(await recounted(t.teamId));

    // A new zone rolls the days up again, counts included.
    await app.db.execute(sql`update teams set time_zone = 'Asia/Vladivostok' where id = ${t.teamId}`);
    await app.db.execute(sql`select calendar_days_reroll(${t.teamId}::bigint)`);
    const moved = await kept(t.teamId);
    expect(moved).toEqual(await recounted(t.teamId));
    expect(moved.reduce((sum, day) => sum + Number(day.complete), 0)).toBe(4);
  });
});
