import type { DealKind } from '@addesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, teams } from '../../../src/db/schema/index.js';
import { createTestApp, sameOrigin } from '../../helpers/test-app.js';
import { signInWith } from '../../helpers/users.js';

type Placement = {
  time: string;
  hoursInTop?: number;
  durationType?: 'INFINITY' | 'DAYS' | 'HOURS';
  duration?: number | null;
  statusId?: number;
  channel?: number;
  counterpart?: string;
};

// Issue 14: the placement schedule of /content and the slot conflicts of the sale form.
describe('the schedule', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A team without sample data, in `timeZone`, with two channels, and a way to place its deals. */
  async function team(key: string, timeZone = 'Europe/Moscow') {
    const user = await signInWith(app, key);
    const headers = user.headers;
    if (timeZone !== 'Europe/Moscow') {
      const saved = await app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: { ...headers, ...sameOrigin },
        payload: { timeZone },
      });
      expect(saved.statusCode).toBe(200);
    }
    const ids = await app.db
      .insert(channels)
      .values(
        ['Первый', 'Второй'].map((name, i) => ({
          teamId: user.member.teamId,
          name: `${name} ${key}`,
          telegramNickName: `ch_${key.replace(/-/g, '_')}_${i}`,
          ownerEmployeeId: user.member.employeeId,
        })),
      )
      .returning({ id: channels.id });
    const channelIds = ids.map((row) => row.id);
    const place = async (kind: DealKind, p: Placement) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/${kind}`,
        headers: { ...headers, ...sameOrigin },
        payload: {
          accommodationCondition: {
            accommodationTime: p.time,
            hoursInTop: p.hoursInTop ?? 0,
            durationType: p.durationType ?? 'INFINITY',
            duration: p.duration ?? null,
          },
          advertisementFormatId: 1,
          channelId: p.channel ?? channelIds[0],
          price: 1000,
          ...(kind === 'sale'
            ? {
                advertisementTypeId: 1,
                statusId: p.statusId ?? 1,
                saleDate: '2025-01-01',
                externalChannelInfo: { name: p.counterpart ?? 'Рекламодатель' },
              }
            : { purchaseDate: '2025-01-01', externalChannel: { name: p.counterpart ?? 'Продавец' } }),
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    const schedule = (query: string) => app.inject({ url: `/api/schedule?${query}`, headers });
    const items = async (query: string) => {
      const response = await schedule(query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items as Record<string, unknown>[];
    };
    const conflicts = (query: string) => app.inject({ url: `/api/sale/conflicts?${query}`, headers });
    return { user, channelIds, place, schedule, items, conflicts };
  }

  it('lists sales and purchases by placement time with the team zone’s offset, top and removal', async () => {
    const t = await team('order');
    const purchase = await t.place('purchase', {
      time: '2026-03-10T12:00:00+03:00',
      durationType: 'DAYS',
      duration: 2,
      counterpart: 'Канал продавца',
    });
    const sale = await t.place('sale', {
      time: '2026-03-10T09:30:00+03:00',
      hoursInTop: 1,
      durationType: 'HOURS',
      duration: 24,
      channel: t.channelIds[1],
    });
    const tie = await t.place('sale', { time: '2026-03-10T12:00:00+03:00', statusId: 5 });
    const [first, second, third] = await t.items('from=2026-03-10&to=2026-03-10');
    expect(first).toEqual({
      kind: 'sale',
      id: sale,
      channel: { id: t.channelIds[1], name: 'Второй order', iconLink: null },
      counterpartName: 'Рекламодатель',
      formatName: 'Пост',
      statusName: 'Новая',
      placementStart: '2026-03-10T09:30:00+03:00',
      topUntil: '2026-03-10T10:30:00+03:00',
      removeAt: '2026-03-11T09:30:00+03:00',
      conflict: false,
    });
    // The same minute: the earlier id first, whatever the kind.
    expect(second).toMatchObject({
      kind: 'purchase',
      id: purchase,
      counterpartName: 'Канал продавца',
      statusName: 'Новая',
      placementStart: '2026-03-10T12:00:00+03:00',
      topUntil: '2026-03-10T12:00:00+03:00',
      removeAt: '2026-03-12T12:00:00+03:00',
    });
    expect(third).toMatchObject({ id: tie, statusName: 'Опубликована', removeAt: null });
    expect(await t.items('from=2026-03-10&to=2026-03-10&kind=purchase')).toMatchObject([{ id: purchase }]);
    expect(
      (await t.items(`from=2026-03-10&to=2026-03-10&kind=sale&channelId=${t.channelIds[0]}`)).map(
        (i) => i.id,
      ),
    ).toEqual([tie]);
  });

  it('pages with a cursor, placement time then id, no row twice or missed', async () => {
    const t = await team('paging');
    const ids: number[] = [];
    for (const time of ['08:00', '09:00', '09:00', '09:00', '10:00', '23:59']) {
      ids.push(
        await t.place(time === '10:00' ? 'purchase' : 'sale', { time: `2026-04-01T${time}:00+03:00` }),
      );
    }
    const seen: unknown[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await t.schedule(
        `from=2026-04-01&to=2026-04-01&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const body = response.json();
      seen.push(...body.items.map((i: { id: number }) => i.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);
    const bad = await t.schedule('from=2026-04-01&to=2026-04-01&cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.cursor).toBeDefined();
  });

  it('cuts days in a Novosibirsk team’s zone, east of Moscow', async () => {
    const t = await team('novosibirsk', 'Asia/Novosibirsk');
    // 16:59 UTC is 23:59 on 10 March in Novosibirsk (UTC+7); 17:00 UTC is already 11 March.
    const late = await t.place('sale', { time: '2026-03-10T16:59:00Z' });
    const next = await t.place('sale', { time: '2026-03-10T17:00:00Z' });
    expect(await t.items('from=2026-03-10&to=2026-03-10')).toMatchObject([
      { id: late, placementStart: '2026-03-10T23:59:00+07:00' },
    ]);
    expect(await t.items('from=2026-03-11&to=2026-03-11')).toMatchObject([
      { id: next, placementStart: '2026-03-11T00:00:00+07:00' },
    ]);
  });

  it('cuts a Berlin team’s days across daylight saving time, with each instant’s own offset', async () => {
    const t = await team('berlin', 'Europe/Berlin');
    // 30.03.2025 in Berlin runs from 23:00 UTC (CET, +01:00) to 22:00 UTC (CEST, +02:00): 23 hours.
    const before = await t.place('sale', { time: '2025-03-29T22:59:00Z' });
    const first = await t.place('sale', {
      time: '2025-03-29T23:00:00Z',
      hoursInTop: 3,
      durationType: 'DAYS',
      duration: 1,
    });
    const last = await t.place('purchase', { time: '2025-03-30T21:59:00Z' });
    const after = await t.place('sale', { time: '2025-03-30T22:00:00Z' });
    expect(await t.items('from=2025-03-30&to=2025-03-30')).toEqual([
      expect.objectContaining({
        id: first,
        placementStart: '2025-03-30T00:00:00+01:00',
        topUntil: '2025-03-30T04:00:00+02:00',
        // A day later at the same wall time: 23 hours after the start.
        removeAt: '2025-03-31T00:00:00+02:00',
      }),
      expect.objectContaining({ id: last, placementStart: '2025-03-30T23:59:00+02:00' }),
    ]);
    expect((await t.items('from=2025-03-29&to=2025-03-31')).map((i) => i.id)).toEqual([
      before,
      first,
      last,
      after,
    ]);
  });

  it('counts one channel’s placements per day of the team’s zone for the month view', async () => {
    const t = await team('days', 'Europe/Berlin');
    const [mine, other] = t.channelIds as [number, number];
    // 30.03.2025 in Berlin is 23:00 UTC on the 29th to 22:00 UTC on the 30th.
    await t.place('sale', { time: '2025-03-29T22:59:00Z', channel: mine });
    await t.place('sale', { time: '2025-03-29T23:00:00Z', channel: mine });
    await t.place('purchase', { time: '2025-03-30T21:59:00Z', channel: mine });
    await t.place('sale', { time: '2025-03-30T12:00:00Z', channel: other });
    const days = (query: string) =>
      app.inject({ url: `/api/schedule/days?${query}`, headers: t.user.headers });
    const all = await days(`from=2025-03-29&to=2025-03-31&channelId=${mine}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual([
      { day: '2025-03-29', kind: 'sale', count: 1 },
      { day: '2025-03-30', kind: 'purchase', count: 1 },
      { day: '2025-03-30', kind: 'sale', count: 1 },
    ]);
    expect((await days(`from=2025-03-30&to=2025-03-30&channelId=${mine}&kind=sale`)).json()).toEqual([
      { day: '2025-03-30', kind: 'sale', count: 1 },
    ]);
    const theirs = await team('days-theirs');
    expect((await days(`from=2025-03-30&to=2025-03-30&channelId=${theirs.channelIds[0]}`)).statusCode).toBe(
      404,
    );
    const long = await days(`from=2025-01-01&to=2025-04-03&channelId=${mine}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.to).toEqual(['Период не длиннее 92 дней']);
    expect((await days('from=2025-03-30&to=2025-03-30')).json().fieldErrors.channelId).toBeDefined();
  });

  it('refuses a bad, reversed or too long period with 400 and Russian field errors', async () => {
    const t = await team('ranges');
    const cases: [string, string, string][] = [
      ['from=2026-03-10&to=2026-03-09', 'to', 'Начало периода позже конца'],
      ['from=2026-01-01&to=2026-04-03', 'to', 'Период не длиннее 92 дней'],
      ['from=2026-02-30&to=2026-03-01', 'from', 'Некорректная дата'],
      ['to=2026-03-01', 'from', ''],
      ['from=2026-03-01&to=2026-03-01&kind=gift', 'kind', 'Выберите продажи или закупки'],
    ];
    for (const [query, field, message] of cases) {
      const response = await t.schedule(query);
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body.code, query).toBe('VALIDATION_ERROR');
      expect(body.fieldErrors[field], query).toBeDefined();
      if (message) expect(body.fieldErrors[field], query).toContain(message);
      expect(body.message, query).toMatch(/[а-яё]/i);
    }
    // 92 days, both ends included, is the longest period.
    expect((await t.schedule('from=2026-01-01&to=2026-04-02')).statusCode).toBe(200);
  });

  it('keeps teams apart: another team’s channel is 404 and its deals never appear', async () => {
    const mine = await team('tenancy-mine');
    const theirs = await team('tenancy-theirs');
    const own = await mine.place('sale', { time: '2026-05-01T12:00:00+03:00' });
    await theirs.place('sale', { time: '2026-05-01T12:00:00+03:00' });
    await theirs.place('sale', { time: '2026-05-01T12:30:00+03:00' });
    expect((await mine.items('from=2026-05-01&to=2026-05-01')).map((i) => i.id)).toEqual([own]);
    for (const path of [
      `/api/schedule?from=2026-05-01&to=2026-05-01&channelId=${theirs.channelIds[0]}`,
      `/api/schedule?from=2026-05-01&to=2026-05-01&channelId=999999999`,
      `/api/sale/conflicts?channelId=${theirs.channelIds[0]}&accommodationTime=2026-05-01T12:00:00%2B03:00`,
    ]) {
      const response = await app.inject({ url: path, headers: mine.user.headers });
      expect(response.statusCode, path).toBe(404);
      expect(response.json(), path).toMatchObject({ code: 'NOT_FOUND', message: 'Канал не найден' });
    }
    // Their sales never collide with mine, and my own sale is flagged by nobody else's.
    expect((await mine.items('from=2026-05-01&to=2026-05-01'))[0]?.conflict).toBe(false);
    expect((await app.inject({ url: '/api/schedule?from=2026-05-01&to=2026-05-01' })).statusCode).toBe(401);
  });

  describe('slot conflicts', () => {
    const at = (time: string) => encodeURIComponent(`2026-06-01T${time}:00+03:00`);

    it('finds sales whose top windows overlap, at least an hour each', async () => {
      const t = await team('overlap');
      await app.db.update(teams).set({ minGapMinutes: 0 }).where(eq(teams.id, t.user.member.teamId));
      const long = await t.place('sale', {
        time: '2026-06-01T14:00:00+03:00',
        hoursInTop: 3,
        counterpart: 'Акме',
      });
      const brief = await t.place('sale', { time: '2026-06-01T20:00:00+03:00' });
      const ask = async (time: string, hoursInTop = 0) => {
        const response = await t.conflicts(
          `channelId=${t.channelIds[0]}&accommodationTime=${at(time)}&hoursInTop=${hoursInTop}`,
        );
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as { id: number }[];
      };
      expect(await ask('16:59')).toEqual([
        {
          id: long,
          channel: { id: t.channelIds[0], name: 'Первый overlap' },
          counterpartName: 'Акме',
          placementStart: '2026-06-01T14:00:00+03:00',
          slotUntil: '2026-06-01T17:00:00+03:00',
        },
      ]);
      expect(await ask('17:00')).toEqual([]);
      // A sale without hours in the top still holds an hour: 20:00-21:00.
      expect(await ask('20:59')).toMatchObject([{ id: brief, slotUntil: '2026-06-01T21:00:00+03:00' }]);
      expect(await ask('21:00')).toEqual([]);
      expect((await ask('19:00', 1)).map((c) => c.id)).toEqual([]);
      expect((await ask('19:01', 1)).map((c) => c.id)).toEqual([brief]);
      expect((await ask('12:00', 10)).map((c) => c.id)).toEqual([long, brief]);
      // Another channel of the team is another slot.
      const other = await t.conflicts(`channelId=${t.channelIds[1]}&accommodationTime=${at('14:00')}`);
      expect(other.json()).toEqual([]);
      // A top of two days reaches a slot the next evening.
      const weekend = await t.place('sale', {
        time: '2026-05-31T00:00:00+03:00',
        hoursInTop: 48,
        channel: t.channelIds[1],
      });
      const late = await t.conflicts(`channelId=${t.channelIds[1]}&accommodationTime=${at('23:30')}`);
      expect(late.json()).toMatchObject([{ id: weekend, slotUntil: '2026-06-02T00:00:00+03:00' }]);
    });

    it('finds sales closer than the team’s minimum gap, 60 minutes by default', async () => {
      const t = await team('gap');
      const sale = await t.place('sale', { time: '2026-06-01T14:00:00+03:00' });
      const ask = async (time: string) =>
        (await t.conflicts(`channelId=${t.channelIds[0]}&accommodationTime=${at(time)}`))
          .json()
          .map((c: { id: number }) => c.id);
      expect(await ask('12:59')).toEqual([]);
      // 13:30 with an hour in the top ends at 14:30: it overlaps; 13:01 ends at 14:01, also; the gap reaches 13:01.
      expect(await ask('13:01')).toEqual([sale]);
      expect(await ask('15:00')).toEqual([]);
      await app.db.update(teams).set({ minGapMinutes: 180 }).where(eq(teams.id, t.user.member.teamId));
      expect(await ask('16:59')).toEqual([sale]);
      expect(await ask('11:01')).toEqual([sale]);
      expect(await ask('17:00')).toEqual([]);
      expect(await ask('11:00')).toEqual([]);
    });

    it('leaves out the sale being edited, purchases and cancelled sales, and marks conflicting rows', async () => {
      const t = await team('exclude');
      const a = await t.place('sale', { time: '2026-06-01T14:00:00+03:00' });
      const b = await t.place('sale', { time: '2026-06-01T14:30:00+03:00' });
      const purchase = await t.place('purchase', { time: '2026-06-01T18:00:00+03:00' });
      const alone = await t.place('sale', { time: '2026-06-01T19:00:00+03:00', hoursInTop: 2 });
      await t.place('sale', { time: '2026-06-01T19:30:00+03:00', statusId: 7 });
      await t.place('sale', { time: '2026-06-01T14:15:00+03:00', channel: t.channelIds[1] });
      const ask = async (query: string) =>
        (await t.conflicts(`channelId=${t.channelIds[0]}&${query}`)).json().map((c: { id: number }) => c.id);
      expect(await ask(`accommodationTime=${at('14:00')}`)).toEqual([a, b]);
      expect(await ask(`accommodationTime=${at('14:00')}&excludeId=${a}`)).toEqual([b]);
      // Another team's id excludes nothing of this team's.
      const theirs = await team('exclude-theirs');
      const foreign = await theirs.place('sale', { time: '2026-06-01T14:00:00+03:00' });
      expect(await ask(`accommodationTime=${at('14:00')}&excludeId=${foreign}`)).toEqual([a, b]);
      // The purchase at 18:00 takes no sale slot; the cancelled sale at 19:30 none either.
      expect(await ask(`accommodationTime=${at('18:00')}`)).toEqual([]);
      expect(await ask(`accommodationTime=${at('21:00')}`)).toEqual([]);
      expect(await ask(`accommodationTime=${at('20:30')}`)).toEqual([alone]);

      const flagged = Object.fromEntries(
        (await t.items(`from=2026-06-01&to=2026-06-01&channelId=${t.channelIds[0]}`)).map((i) => [
          i.id,
          i.conflict,
        ]),
      );
      expect(flagged).toMatchObject({ [a]: true, [b]: true, [purchase]: false, [alone]: false });
      expect(Object.values(flagged).filter(Boolean)).toHaveLength(2);
    });

    it('refuses a bad slot with 400 and Russian field errors', async () => {
      const t = await team('bad-slot');
      for (const [query, field] of [
        [`accommodationTime=${at('14:00')}`, 'channelId'],
        [`channelId=${t.channelIds[0]}`, 'accommodationTime'],
        [`channelId=${t.channelIds[0]}&accommodationTime=2026-06-01T14:00`, 'accommodationTime'],
        [`channelId=${t.channelIds[0]}&accommodationTime=${at('14:00')}&hoursInTop=721`, 'hoursInTop'],
        [`channelId=${t.channelIds[0]}&accommodationTime=${at('14:00')}&hoursInTop=-1`, 'hoursInTop'],
        [`channelId=${t.channelIds[0]}&accommodationTime=${at('14:00')}&excludeId=x`, 'excludeId'],
      ] as const) {
        const response = await t.conflicts(query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().fieldErrors[field], query).toBeDefined();
      }
      const response = await t.conflicts(
        `channelId=${t.channelIds[0]}&accommodationTime=${at('14:00')}&hoursInTop=721`,
      );
      expect(response.json().fieldErrors.hoursInTop).toEqual(['Не больше 720 часов']);
    });
  });
});
