import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../src/db/schema/index.js';
import { grantTariff } from '../../../src/modules/tariff/tariff.service.js';
import { startFakeTelegram } from '../../helpers/fake-telegram.js';
import { createTestApp, sameOrigin } from '../../helpers/test-app.js';
import { signInWith } from '../../helpers/users.js';

describe('tariffs and the trial', () => {
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeTelegram>>;

  beforeAll(async () => {
    fake = await startFakeTelegram([
      { id: -1, title: 'Первый', username: 'first_channel' },
      { id: -2, title: 'Второй', username: 'second_channel' },
    ]);
    app = await createTestApp(fake.env);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const addChannel = (cookie: string, telegramNickName: string) =>
    app.inject({
      method: 'POST',
      url: '/api/channel',
      headers: { cookie, ...sameOrigin },
      payload: { telegramNickName },
    });

  it('serves the catalogue of spec §9', async () => {
    const response = await app.inject({
      url: '/api/tariff',
      headers: (await signInWith(app, 'cat')).headers,
    });
    expect(response.json()).toEqual([
      { id: 'baza-3', name: 'БАЗА 3', channels: 3, months: 3, pricePerMonth: 899 },
      { id: 'setka-10', name: 'СЕТКА 10', channels: 10, months: 6, pricePerMonth: 1299 },
      { id: 'media-25', name: 'МЕДИА 25', channels: 25, months: 12, pricePerMonth: 1999 },
    ]);
  });

  it('gives a new user no tariff and one channel; the trial once, a month of ten channels', async () => {
    const user = await signInWith(app, 'new-user');
    const before = (await app.inject({ url: '/api/tariff/current', headers: user.headers })).json();
    expect(before).toEqual({
      tariff: null,
      startsAt: null,
      endsAt: null,
      channelLimit: 1,
      channelsUsed: 0,
      trialAvailable: true,
    });
    expect((await addChannel(user.cookie, 'first_channel')).statusCode).toBe(201);
    const refused = await addChannel(user.cookie, 'second_channel');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Ваш тариф позволяет вести 1 канал\./);

    const trial = await app.inject({
      method: 'POST',
      url: '/api/tariff/trial',
      headers: { ...user.headers, ...sameOrigin },
    });
    expect(trial.statusCode).toBe(201);
    const current = trial.json();
    expect(current).toMatchObject({
      tariff: { id: 'trial', name: 'Пробный', channels: 10 },
      channelLimit: 10,
      channelsUsed: 1,
      trialAvailable: false,
    });
    const days = (Date.parse(current.endsAt) - Date.parse(current.startsAt)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect((await addChannel(user.cookie, 'second_channel')).statusCode).toBe(201);

    const again = await app.inject({
      method: 'POST',
      url: '/api/tariff/trial',
      headers: { ...user.headers, ...sameOrigin },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Пробный период уже был использован');
  });

  it('keeps the trial once per account even after it ended', async () => {
    const user = await signInWith(app, 'ended');
    await app.inject({
      method: 'POST',
      url: '/api/tariff/trial',
      headers: { ...user.headers, ...sameOrigin },
    });
    await app.db
      .update(subscriptions)
      .set({ startsAt: new Date('2020-01-01'), endsAt: new Date('2020-02-01') });
    const current = (await app.inject({ url: '/api/tariff/current', headers: user.headers })).json();
    expect(current).toMatchObject({ tariff: null, channelLimit: 1, trialAvailable: false });
    const again = await app.inject({
      method: 'POST',
      url: '/api/tariff/trial',
      headers: { ...user.headers, ...sameOrigin },
    });
    expect(again.statusCode).toBe(409);
  });

  it('lets a granted tariff set the channel limit, and refuses the trial over it', async () => {
    const user = await signInWith(app, 'paid');
    await grantTariff(app.db, user.member, 'baza-3');
    const current = (await app.inject({ url: '/api/tariff/current', headers: user.headers })).json();
    expect(current).toMatchObject({
      tariff: { id: 'baza-3', name: 'БАЗА 3', channels: 3 },
      channelLimit: 3,
      trialAvailable: false,
    });
    const trial = await app.inject({
      method: 'POST',
      url: '/api/tariff/trial',
      headers: { ...user.headers, ...sameOrigin },
    });
    expect(trial.statusCode).toBe(409);
    expect(trial.json().message).toBe('У вас уже есть действующий тариф');
  });

  it('shows each team only its own tariff', async () => {
    const a = await signInWith(app, 'team-a');
    const b = await signInWith(app, 'team-b');
    await grantTariff(app.db, a.member, 'media-25');
    expect((await app.inject({ url: '/api/tariff/current', headers: b.headers })).json().tariff).toBeNull();
    expect((await app.inject({ url: '/api/tariff/current', headers: a.headers })).json().tariff.id).toBe(
      'media-25',
    );
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/tariff'],
      ['GET', '/api/tariff/current'],
      ['POST', '/api/tariff/trial'],
    ] as const) {
      expect((await app.inject({ method, url, headers: sameOrigin })).statusCode, url).toBe(401);
    }
  });
});
