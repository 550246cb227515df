import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, employees } from '../../../src/db/schema/index.js';
import { createTestApp, sameOrigin } from '../../helpers/test-app.js';
import { sessionAs, signInWith } from '../../helpers/users.js';

type User = Awaited<ReturnType<typeof signInWith>>;

// Decisions D5: every team cuts its days in its own zone, and moving the team to another zone re-rolls them.
describe('the team’s clock', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ TELEGRAM_PREVIEW_ROOT: 'http://127.0.0.1:9' });
  });
  afterAll(() => app.close());

  const settings = (user: { headers: { cookie: string } }) =>
    app.inject({ url: '/api/settings', headers: user.headers });
  const patchSettings = (user: { headers: { cookie: string } }, payload: object) =>
    app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { ...user.headers, ...sameOrigin },
      payload,
    });
  const calendar = async (user: User, from: string, to: string) =>
    (await app.inject({ url: `/api/calendar?from=${from}&to=${to}`, headers: user.headers })).json();

  async function teamWithChannel(key: string) {
    const user = await signInWith(app, key);
    const [row] = await app.db
      .insert(channels)
      .values({
        teamId: user.member.teamId,
        name: 'Наш канал',
        telegramNickName: `channel_${key.replace(/-/g, '_')}`,
        ownerEmployeeId: user.member.employeeId,
      })
      .returning({ id: channels.id });
    const sale = async (accommodationTime: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/sale',
        headers: { ...user.headers, ...sameOrigin },
        payload: {
          accommodationCondition: { accommodationTime },
          advertisementFormatId: 1,
          advertisementTypeId: 1,
          statusId: 1,
          channelId: row?.id,
          price: 1000,
          saleDate: '2025-03-01',
        },
      });
      expect(response.statusCode).toBe(201);
      return response.json().id as number;
    };
    return { user, sale };
  }

  it('starts in Moscow and groups a Novosibirsk team’s days at its own midnight, east of Moscow', async () => {
    const { user, sale } = await teamWithChannel('novosibirsk');
    expect((await settings(user)).json()).toMatchObject({ timeZone: 'Europe/Moscow' });
    const saved = await patchSettings(user, { timeZone: 'Asia/Novosibirsk' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ timeZone: 'Asia/Novosibirsk', notifyPosting: true });
    // 22:30 in Moscow on 10 March is 02:30 on 11 March in Novosibirsk (UTC+7).
    const late = await sale('2026-03-10T22:30:00+03:00');
    const evening = await sale('2026-03-10T16:59:00Z');
    expect(await calendar(user, '2026-03-10', '2026-03-10')).toEqual([
      { dateTime: '2026-03-10T16:59:00.000Z', type: 'SALE', dealId: evening, count: 1 },
    ]);
    expect(await calendar(user, '2026-03-11', '2026-03-11')).toEqual([
      { dateTime: '2026-03-10T19:30:00.000Z', type: 'SALE', dealId: late, count: 1 },
    ]);
  });

  it('groups a Berlin team’s days across daylight saving time', async () => {
    const { user, sale } = await teamWithChannel('berlin');
    expect((await patchSettings(user, { timeZone: 'Europe/Berlin' })).statusCode).toBe(200);
    // 30.03.2025 in Berlin runs from 23:00 UTC (CET) to 22:00 UTC (CEST): 23 hours.
    const first = await sale('2025-03-29T23:00:00Z');
    await sale('2025-03-30T21:59:00Z');
    const nextMorning = await sale('2025-03-30T22:00:00Z');
    const before = await sale('2025-03-29T22:59:00Z');
    expect(await calendar(user, '2025-03-30', '2025-03-30')).toEqual([
      { dateTime: '2025-03-29T23:00:00.000Z', type: 'SALE', dealId: first, count: 2 },
    ]);
    expect(await calendar(user, '2025-03-29', '2025-03-31')).toEqual([
      { dateTime: '2025-03-29T22:59:00.000Z', type: 'SALE', dealId: before, count: 1 },
      { dateTime: '2025-03-29T23:00:00.000Z', type: 'SALE', dealId: first, count: 2 },
      { dateTime: '2025-03-30T22:00:00.000Z', type: 'SALE', dealId: nextMorning, count: 1 },
    ]);
  });

  it('re-rolls a team’s days when its zone changes, and no other team’s', async () => {
    const moving = await teamWithChannel('moving');
    const staying = await teamWithChannel('staying');
    const late = await moving.sale('2026-03-10T22:30:00+03:00');
    const early = await moving.sale('2026-03-10T09:00:00+03:00');
    const other = await staying.sale('2026-03-10T22:30:00+03:00');
    expect(await calendar(moving.user, '2026-03-10', '2026-03-11')).toEqual([
      { dateTime: '2026-03-10T06:00:00.000Z', type: 'SALE', dealId: early, count: 2 },
    ]);

    expect((await patchSettings(moving.user, { timeZone: 'Asia/Novosibirsk' })).statusCode).toBe(200);
    expect(await calendar(moving.user, '2026-03-10', '2026-03-11')).toEqual([
      { dateTime: '2026-03-10T06:00:00.000Z', type: 'SALE', dealId: early, count: 1 },
      { dateTime: '2026-03-10T19:30:00.000Z', type: 'SALE', dealId: late, count: 1 },
    ]);
    expect(await calendar(staying.user, '2026-03-10', '2026-03-11')).toEqual([
      { dateTime: '2026-03-10T19:30:00.000Z', type: 'SALE', dealId: other, count: 1 },
    ]);
    expect((await settings(staying.user)).json().timeZone).toBe('Europe/Moscow');

    // Back to Moscow: the days are as they were.
    expect((await patchSettings(moving.user, { timeZone: 'Europe/Moscow' })).statusCode).toBe(200);
    expect(await calendar(moving.user, '2026-03-10', '2026-03-11')).toEqual([
      { dateTime: '2026-03-10T06:00:00.000Z', type: 'SALE', dealId: early, count: 2 },
    ]);
  });

  it('refuses an unknown zone with 400 in Russian and keeps the old one', async () => {
    const { user } = await teamWithChannel('unknown-zone');
    for (const timeZone of ['Mars/Olympus', 'europe/moscow', '+03:00', '', 'Europe/Moscow\u0000']) {
      const response = await patchSettings(user, { timeZone });
      expect(response.statusCode, timeZone).toBe(400);
      expect(response.json().fieldErrors?.timeZone, timeZone).toBeDefined();
    }
    const response = await patchSettings(user, { timeZone: 'Mars/Olympus' });
    expect(response.json().fieldErrors.timeZone).toEqual(['Неизвестный часовой пояс']);
    expect((await settings(user)).json().timeZone).toBe('Europe/Moscow');
  });

  it('lets only the master change the zone; an employee still changes their own switches', async () => {
    const { user } = await teamWithChannel('zone-master');
    const [employee] = await app.db
      .insert(employees)
      .values({ teamId: user.member.teamId, firstName: 'Мария', managerId: user.member.employeeId })
      .returning({ id: employees.id });
    const { cookie } = await sessionAs(app, user.member.teamId, employee?.id ?? 0);
    const staff = { headers: { cookie } };
    const refused = await patchSettings(staff, { timeZone: 'Asia/Omsk', notifyPosting: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Часовой пояс команды может изменить только её владелец');
    expect((await settings(staff)).json()).toMatchObject({ timeZone: 'Europe/Moscow', notifyPosting: true });
    expect((await patchSettings(staff, { notifyPosting: false })).json()).toMatchObject({
      timeZone: 'Europe/Moscow',
      notifyPosting: false,
    });
    expect((await patchSettings(user, { timeZone: 'Asia/Omsk' })).json().timeZone).toBe('Asia/Omsk');
    expect((await settings(staff)).json().timeZone).toBe('Asia/Omsk');
  });

  it('gives a new team the zone its first sign-in carries, and Moscow for an unknown one', async () => {
    const signIn = async (key: string, tz: string) => {
      const response = await app.inject({
        url: `/api/auth/login?authBy=demo&as=${key}&tz=${encodeURIComponent(tz)}`,
      });
      expect(response.statusCode).toBe(302);
      const cookie = String(response.headers['set-cookie']).match(/addesk_session=[^;]+/)?.[0] ?? '';
      return (await settings({ headers: { cookie } })).json().timeZone;
    };
    expect(await signIn('tz-vladivostok', 'Asia/Vladivostok')).toBe('Asia/Vladivostok');
    expect(await signIn('tz-unknown', 'Mars/Olympus')).toBe('Europe/Moscow');
    // The sign-in page leaves the zone in a cookie rather than on the link.
    const byCookie = await app.inject({
      url: '/api/auth/login?authBy=demo&as=tz-cookie',
      headers: { cookie: 'addesk_tz=Asia%2FYekaterinburg' },
    });
    const cookie = String(byCookie.headers['set-cookie']).match(/addesk_session=[^;]+/)?.[0] ?? '';
    expect((await settings({ headers: { cookie } })).json().timeZone).toBe('Asia/Yekaterinburg');
    // A returning user keeps the team's zone, whatever the browser says.
    expect(await signIn('tz-vladivostok', 'Europe/Berlin')).toBe('Asia/Vladivostok');
  });
});
