import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantTariff } from '../../../src/modules/tariff/tariff.service.js';
import { createTestApp, sameOrigin } from '../../helpers/test-app.js';
import { signInWith } from '../../helpers/users.js';

describe('placement calendar', () => {
  let app: FastifyInstance;
  let user: Awaited<ReturnType<typeof signInWith>>;
  const ids: Record<string, number> = {};

  const deal = async (kind: 'sale' | 'purchase', accommodationTime: string) => {
    const body = {
      accommodationCondition: { accommodationTime },
      advertisementFormatId: 1,
      channelId: ids.channel,
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
    const day = endsAt.toISOString().slice(0, 10);
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

  it('shows a team only its own placements', async () => {
    const other = await signInWith(app, 'calendar-other');
    const entries = (
      await app.inject({ url: '/api/calendar?from=2026-03-01&to=2026-03-31', headers: other.headers })
    ).json();
    expect(entries).toEqual([]);
  });
});
