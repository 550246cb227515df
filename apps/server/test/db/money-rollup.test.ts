import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyRange, moneyRows } from '../../src/db/money-rollup.js';
import { moneyDays } from '../../src/db/schema/index.js';
import { createTestApp, signInDemo } from '../helpers/test-app.js';

// The roll-up read by whole weeks or months and cut days (db/money-rollup.ts) must add up to exactly what the days alone add
// up to, for any range: ends on a week's or month's first or last day or inside one, open ends, one month, a year across New
// Year, February of a leap year.

describe('the money roll-up by months and days', () => {
  let app: FastifyInstance;
  let teamId: number;
  beforeAll(async () => {
    app = await createTestApp();
    await signInDemo(app, 'money-rollup');
    const [team] = (
      await app.db.execute<{ team_id: string }>(
        sql`select team_id from money_days group by team_id order by count(*) desc limit 1`,
      )
    ).rows;
    teamId = Number(team?.team_id);
    // Beside the sample deals, 1 500 more on every day from 20.11.2023 to 31.01.2027 on the team's channels, one in
    // seven cancelled, most paid some days later, some with views: every column of the roll-up has money.
    await app.db.execute(sql`
      insert into deals (team_id, kind, channel_id, employee_id, status_id, placement_at, duration_type, price,
        paid_amount, deal_date, post_views)
      select c.team_id, case when g % 2 = 0 then 'sale' else 'purchase' end, c.id, c.owner_employee_id,
        case when g % 7 = 0 then (case when g % 2 = 0 then 7 else 16 end) else (case when g % 2 = 0 then 4 else 13 end) end,
        date '2023-11-20' + (g % 1169), 'INFINITY', 1000 + g % 13 * 250, 0, date '2023-11-20' + (g % 1169),
        case when g % 3 = 0 then 500 + g end
      from generate_series(1, 1500) g
      join lateral (select * from channels where team_id = ${teamId} order by id offset g % 2 limit 1) c on true`);
    await app.db.execute(sql`
      insert into deal_payments (team_id, deal_id, amount, paid_at)
      select team_id, id, price / 2, deal_date + (id % 40)::int from deals where team_id = ${teamId} and id % 4 <> 0`);
  });
  afterAll(() => app.close());

  const columns = sql`count(*)::int as rows, coalesce(sum(deals), 0)::int as deals,
    coalesce(sum(unpaid), 0)::int as unpaid, coalesce(sum(total), 0)::text as total, coalesce(sum(paid), 0)::text as paid,
    coalesce(sum(received), 0)::text as received, coalesce(sum(viewed_total), 0)::text as viewed_total,
    coalesce(sum(views), 0)::text as views, coalesce(sum(cancelled), 0)::int as cancelled,
    coalesce(sum(cancelled_total), 0)::text as cancelled_total`;
  type Sums = { kind: string; channel_id: string; rows: number } & Record<string, unknown>;

  const read = async (rows: ReturnType<typeof moneyRows>) =>
    (
      await app.db.execute<Sums>(
        sql`select kind, channel_id, ${columns} from (${rows}) r group by 1, 2 order by 1, 2`,
      )
    ).rows;
  const withoutRows = (sums: Sums[]) => sums.map(({ rows: _, ...rest }) => rest);

  const ranges: MoneyRange[] = [
    {},
    { from: '2026-01-01', to: '2026-12-31' },
    { from: '2025-12-15', to: '2026-02-10' },
    { from: '2026-02-01', to: '2026-02-28' },
    { from: '2024-02-01', to: '2024-02-29' },
    { from: '2024-02-02', to: '2024-02-28' },
    { from: '2023-12-01', to: '2026-11-30' },
    { from: '2026-03-05', to: '2026-03-20' },
    { from: '2026-03-31', to: '2026-04-01' },
    { from: '2026-03-30', to: '2026-04-05' },
    { from: '2026-03-31', to: '2026-04-12' },
    { from: '2026-04-30', to: '2026-06-01' },
    { from: '2026-05-02' },
    { to: '2026-05-30' },
    { to: '2026-05-31' },
  ];

  it('adds up to the days alone over any range, and reads a row per month for the months it holds whole', async () => {
    const [days] = (
      await app.db.execute<{ n: number; first: string; last: string }>(
        sql`select count(*)::int as n, min(day)::text as first, max(day)::text as last
          from ${moneyDays} where team_id = ${teamId}`,
      )
    ).rows;
    // The sample data spans months, so whole months and cut ones both occur.
    expect(days?.n).toBeGreaterThan(1000);
    expect(days && days.first.slice(0, 7) < days.last.slice(0, 7)).toBe(true);
    const rowsOf = (sums: Sums[]) => sums.reduce((n, s) => n + Number(s.rows), 0);
    for (const range of ranges) {
      const byDay = await read(moneyRows(teamId, range, undefined, 'day'));
      for (const unit of ['week', 'month'] as const) {
        const mixed = await read(moneyRows(teamId, range, undefined, unit));
        expect(withoutRows(mixed), `${unit} ${JSON.stringify(range)}`).toEqual(withoutRows(byDay));
        expect(rowsOf(mixed)).toBeLessThanOrEqual(rowsOf(byDay));
      }
    }
    // A year of whole months: a row per month, channel and kind, against one per day; a quarter of weeks (29.12.2025
    // is a Monday, 29.03.2026 a Sunday) a row per week.
    const year = { from: '2026-01-01', to: '2026-12-31' };
    expect(rowsOf(await read(moneyRows(teamId, year, undefined, 'month')))).toBeLessThanOrEqual(12 * 2 * 2);
    expect(rowsOf(await read(moneyRows(teamId, year, undefined, 'day')))).toBeGreaterThan(300);
    const weeks = { from: '2025-12-29', to: '2026-03-29' };
    expect(rowsOf(await read(moneyRows(teamId, weeks, undefined, 'week')))).toBeLessThanOrEqual(13 * 2 * 2);
    // Over all time, months only: as many rows as (month, channel, kind) with money.
    const [months] = (
      await app.db.execute<{ n: number }>(
        sql`select count(distinct (date_trunc('month', day::timestamp), channel_id, kind))::int as n
          from ${moneyDays} where team_id = ${teamId}`,
      )
    ).rows;
    const all = await read(moneyRows(teamId, {}, undefined));
    expect(all.reduce((n, s) => n + Number(s.rows), 0)).toBe(months?.n);
    expect(all.some((s) => Number(s.cancelled) > 0)).toBe(true);
  });

  it('keeps to the channels asked for', async () => {
    const [channel] = (
      await app.db.execute<{ channel_id: string }>(
        sql`select channel_id from money_days where team_id = ${teamId} limit 1`,
      )
    ).rows;
    const only = await read(moneyRows(teamId, { from: '2025-12-15' }, [Number(channel?.channel_id)]));
    expect(only.length).toBeGreaterThan(0);
    expect(only.every((s) => s.channel_id === channel?.channel_id)).toBe(true);
    expect(await read(moneyRows(teamId, {}, []))).toEqual([]);
  });
});
