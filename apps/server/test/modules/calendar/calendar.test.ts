import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../../src/lib/dates.js';
import { grantTariff } from '../../../src/modules/tariff/tariff.service.js';
import { createTestApp, sameOrigin } from '../../helpers/test-app.js';
import { signInWith } from '../../helpers/users.js';

describe('placement calendar', () => {
  let app: FastifyInstance;
  let user: Awaited<ReturnType<typeof signInWith>>;
  const ids: Record<string, number> = {};

  const deal = async (kind: 'sale' | 'purchase', accommodationTime: string, channelId = ids.channel) => {
    const body = {
      accommodationCondition: { accommodationTime },
      advertisementFormatId: 1,
      channelId,
      price: 1000,
      ...(kind === 'sale'
        ? { advertisementTypeId: 1, statusId: 1, saleDate: '2026-03-01' }
        : { purchaseDate: '2026-03-01' }),
    };
    const response = await app.inject({
      method: 'POST',
      url: `/api/${kind}`,
      headers: { ...user.headers, ...sameOrigin },
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  };

  beforeAll(async () => {
    app = await createTestApp({ TELEGRAM_PREVIEW_ROOT: 'http://127.0.0.1:9' });
    user = await signInWith(app, 'calendar');
    const { channels } = await import('../../../src/db/schema/index.js');
    const [row] = await app.db
      .insert(channels)
      .values({
        teamId: user.member.teamId,
        name: 'Наш канал',
        telegramNickName: 'our_channel',
        ownerEmployeeId: user.member.employeeId,
      })
      .returning({ id: channels.id });
    ids.channel = row?.id ?? 0;
    ids.firstSale = await deal('sale', '2026-03-10T09:00:00+03:00');
    ids.secondSale = await deal('sale', '2026-03-10T18:00:00+03:00');
    ids.purchase = await deal('purchase', '2026-03-10T12:00:00+03:00');
    // 23:30 in Moscow on 11 March is still 11 March for the user, though it is 20:30 UTC.
    ids.late = await deal('sale', '2026-03-11T23:30:00+03:00');
    ids.outside = await deal('sale', '2026-04-02T10:00:00+03:00');
  });
  afterAll(() => app.close());

  const calendar = async (from: string, to: string) =>
    app.inject({ url: `/api/calendar?from=${from}&to=${to}`, headers: user.headers });

  it('gives one entry per day and type, with the first deal of the day and the count', async () => {
    const response = await calendar('2026-03-01', '2026-03-31');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { dateTime: '2026-03-10T06:00:00.000Z', type: 'SALE', dealId: ids.firstSale, count: 2 },
      { dateTime: '2026-03-10T09:00:00.000Z', type: 'PURCHASE', dealId: ids.purchase, count: 1 },
      { dateTime: '2026-03-11T20:30:00.000Z', type: 'SALE', dealId: ids.late, count: 1 },
    ]);
  });

  it('includes both bounds as whole days in Moscow time', async () => {
    const day = (await calendar('2026-03-11', '2026-03-11')).json();
    expect(day.map((e: { dealId: number }) => e.dealId)).toEqual([ids.late]);
    expect((await calendar('2026-03-12', '2026-04-01')).json()).toEqual([]);
  });

  it('marks the end of the tariff', async () => {
    const { endsAt } = await grantTariff(app.db, user.member, 'baza-3');
    // The calendar cuts days in the users' zone: late in the UTC evening the end falls on the next day there.
    const day = dayOf(endsAt, 'Europe/Moscow');
    const entries = (await calendar(day, day)).json();
    expect(entries).toContainEqual({
      dateTime: endsAt.toISOString(),
      type: 'SUBSCRIPTION_EXPIRED',
      dealId: null,
      count: 1,
    });
  });

  it('refuses missing, reversed, impossible and too long periods in Russian', async () => {
    for (const [from, to, field] of [
      ['', '2026-03-01', 'from'],
      ['2026-03-01', '', 'to'],
      ['2026-03-10', '2026-03-01', 'to'],
      ['2026-02-30', '2026-03-01', 'from'],
      ['2025-01-01', '2026-03-01', 'to'],
    ] as const) {
      const response = await calendar(from, to);
      expect(response.statusCode, `${from}..${to}`).toBe(400);
      expect(Object.keys(response.json().fieldErrors), `${from}..${to}`).toContain(field);
    }
  });

  it('follows a deal whose placement moves to another day', async () => {
    const current = (await app.inject({ url: `/api/sale/${ids.late}`, headers: user.headers })).json();
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/sale/${ids.late}`,
      headers: { ...user.headers, ...sameOrigin },
      payload: {
        version: current.version,
        accommodationCondition: { accommodationTime: '2026-03-10T08:00:00+03:00' },
      },
    });
    expect(moved.statusCode).toBe(200);
    expect((await calendar('2026-03-10', '2026-03-11')).json()).toEqual([
      { dateTime: '2026-03-10T05:00:00.000Z', type: 'SALE', dealId: ids.late, count: 3 },
      { dateTime: '2026-03-10T09:00:00.000Z', type: 'PURCHASE', dealId: ids.purchase, count: 1 },
    ]);
  });

  it('stays the exact summary of the live deals through concurrent writes, deletes and restores, and an archived channel', async () => {
    const { channels } = await import('../../../src/db/schema/index.js');
    const [second] = await app.db
      .insert(channels)
      .values({
        teamId: user.member.teamId,
        name: 'Второй канал',
        telegramNickName: 'second_channel',
        ownerEmployeeId: user.member.employeeId,
      })
      .returning({ id: channels.id });
    // Twelve writes of the same two days at once: on PostgreSQL they run in parallel transactions.
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        deal(i % 3 === 0 ? 'purchase' : 'sale', `2026-05-0${1 + (i % 2)}T${10 + i}:00:00+03:00`, second?.id),
      ),
    );
    // With the deals not cancelled and their prices (the marking month's totals, issue 38).
    const summary = sql`
      select d.team_id, (d.placement_at at time zone 'Europe/Moscow')::date as day, d.kind,
        min(d.placement_at) as first_at, (array_agg(d.id order by d.placement_at, d.id))[1] as first_deal_id,
        count(*)::int as deal_count, (count(*) filter (where not s.cancels))::int as active_count,
        coalesce(sum(d.price) filter (where not s.cancels), 0) as active_total
      from deals d join deal_statuses s on s.id = d.status_id
      where d.team_id = ${user.member.teamId} and d.deleted_at is null group by 1, 2, 3`;
    const rollup = sql`
      select team_id, day, kind, first_at, first_deal_id, deal_count, active_count, active_total from calendar_days
      where team_id = ${user.member.teamId}`;
    const difference = async () => {
      const result = await app.db.execute(
        sql`(${summary} except ${rollup}) union all (${rollup} except ${summary})`,
      );
      return result.rows as unknown[];
    };
    const may = async () => (await calendar('2026-05-01', '2026-05-31')).json() as { count: number }[];
    expect((await may()).map((e) => e.count)).toEqual([2, 4, 4, 2]);
    expect(await difference()).toEqual([]);

    // Half of them deleted at once, then restored at once: off their days and back.
    const send = (method: 'DELETE' | 'POST', path: string) =>
      app.inject({ method, url: path, headers: { ...user.headers, ...sameOrigin } });
    const half = created
      .map((id, i) => ({ id, kind: i % 3 === 0 ? 'purchase' : 'sale' }))
      .filter((_, i) => i < 6);
    const deleted = await Promise.all(half.map((d) => send('DELETE', `/api/${d.kind}/${d.id}`)));
    expect(deleted.map((r) => r.statusCode)).toEqual(half.map(() => 204));
    expect((await may()).map((e) => e.count)).toEqual([1, 2, 2, 1]);
    expect(await difference()).toEqual([]);
    await Promise.all(half.map((d) => send('POST', `/api/${d.kind}/${d.id}/restore`)));
    expect((await may()).map((e) => e.count)).toEqual([2, 4, 4, 2]);
    expect(await difference()).toEqual([]);

    // Deleting a channel archives it: its placements stay in the calendar (docs/decisions/017).
    const archived = await send('DELETE', `/api/channel/${second?.id}`);
    expect(archived.statusCode).toBe(204);
    expect((await may()).map((e) => e.count)).toEqual([2, 4, 4, 2]);
    expect(await difference()).toEqual([]);

    // New prices, cancellations and moves of the same days at once, each in its own transaction.
    await Promise.all(
      created.map((id, i) =>
        app.db.execute(
          sql`update deals set ${
            i % 4 === 0
              ? sql`price = price + ${i + 0.5}`
              : i % 4 === 1
                ? sql`status_id = case kind when 'sale' then 7 else 16 end`
                : i % 4 === 2
                  ? sql`placement_at = placement_at + interval '1 day', price = ${i * 10}`
                  : sql`post_link = 'https://t.me/c/1'`
          } where team_id = ${user.member.teamId} and id = ${id}`,
        ),
      ),
    );
    expect(await difference()).toEqual([]);
  });

  it('shows a team only its own placements', async () => {
    const other = await signInWith(app, 'calendar-other');
    const entries = (
      await app.inject({ url: '/api/calendar?from=2026-03-01&to=2026-03-31', headers: other.headers })
    ).json();
    expect(entries).toEqual([]);
  });
});
