import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, type employees, type sessions, teams } from '../../../src/db/schema/index.js';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

describe('profile, settings and account deletion', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const me = async (headers: { cookie: string }) =>
    (await app.inject({ url: '/api/employee', headers })).json();
  const patch = (headers: { cookie: string }, url: string, payload: object) =>
    app.inject({ method: 'PATCH', url, headers: { ...headers, ...sameOrigin }, payload });

  it('renames the user, trimmed, and refuses a stale version with 409', async () => {
    const user = await signInDemo(app, 'rename');
    const before = await me(user);
    const saved = await patch(user, `/api/employee/${before.id}`, {
      firstName: '  Пётр ',
      secondName: ' Иванов ',
      version: before.version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      firstName: 'Пётр',
      secondName: 'Иванов',
      version: before.version + 1,
    });
    const stale = await patch(user, `/api/employee/${before.id}`, {
      firstName: 'Старое',
      version: before.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'VERSION_CONFLICT',
      message: 'Запись уже изменил кто-то другой. Загружена свежая версия',
    });
    expect((await me(user)).firstName).toBe('Пётр');
  });

  it('refuses an empty or overlong name in Russian and changes nothing', async () => {
    const user = await signInDemo(app, 'bad-name');
    const { id, version } = await me(user);
    for (const body of [
      { firstName: '   ', version },
      { firstName: 'x'.repeat(61), version },
      { firstName: 'Ок', secondName: 'y'.repeat(61), version },
      { firstName: 'Ок' },
      { firstName: 5, version },
    ]) {
      const response = await patch(user, `/api/employee/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    const empty = await patch(user, `/api/employee/${id}`, { firstName: ' ', version });
    expect(empty.json().fieldErrors.firstName).toEqual(['Поле не должно быть пустым']);
    expect(await me(user)).toMatchObject({ firstName: 'Алексей', version });
  });

  it('cannot rename someone of another team: 404 like a missing one', async () => {
    const a = await signInDemo(app, 'rename-a');
    const b = await signInDemo(app, 'rename-b');
    const theirs = await me(b);
    const foreign = await patch(a, `/api/employee/${theirs.id}`, {
      firstName: 'Взлом',
      version: theirs.version,
    });
    const missing = await patch(a, '/api/employee/99999', { firstName: 'Взлом', version: 1 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await me(b)).firstName).toBe('Алексей');
  });

  it('keeps notification and sync settings per user, all notifications on by default', async () => {
    const a = await signInDemo(app, 'settings-a');
    const b = await signInDemo(app, 'settings-b');
    const defaults = {
      notifyPosting: true,
      notifyStatistics: true,
      notifyEmployees: true,
      notifySubscription: true,
      notifyReferral: true,
      botEnabled: true,
      calendarSync: false,
      timeZone: 'Europe/Moscow',
      minGapMinutes: 60,
      isMaster: true,
      notifyPayments: true,
      remindMinutesBefore: 60,
      telegram: { available: false, linked: false, username: null },
    };
    expect((await app.inject({ url: '/api/settings', headers: a })).json()).toEqual(defaults);
    const saved = await patch(a, '/api/settings', { notifyStatistics: false, calendarSync: true });
    expect(saved.json()).toEqual({ ...defaults, notifyStatistics: false, calendarSync: true });
    expect((await patch(a, '/api/settings', { notifyReferral: false })).json()).toMatchObject({
      notifyStatistics: false,
      notifyReferral: false,
    });
    expect((await app.inject({ url: '/api/settings', headers: b })).json()).toEqual(defaults);
    for (const body of [
      {},
      { notifyPosting: 'yes' },
      { unknown: true },
      { remindMinutesBefore: 1441 },
      { remindMinutesBefore: 1.5 },
      { telegram: { linked: true } },
    ]) {
      expect((await patch(a, '/api/settings', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('names the support chat', async () => {
    const user = await signInDemo(app, 'support');
    expect((await app.inject({ url: '/api/support', headers: user })).json()).toEqual({
      url: 'https://t.me/addesk_support',
    });
  });

  it('deletes the account with all its team’s data and sessions, and nothing of another team', async () => {
    const doomed = await signInDemo(app, 'doomed');
    const kept = await signInDemo(app, 'kept');
    const countOf = async (table: typeof teams | typeof employees | typeof channels | typeof sessions) =>
      (await app.db.select({ value: count() }).from(table))[0]?.value ?? 0;
    const [teamsBefore, channelsBefore] = [await countOf(teams), await countOf(channels)];
    const doomedChannels = (await app.inject({ url: '/api/channel', headers: doomed })).json().total;

    const response = await app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { ...doomed, ...sameOrigin },
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/addesk_session=;/);
    expect((await app.inject({ url: '/api/employee', headers: doomed })).statusCode).toBe(401);
    expect(await countOf(teams)).toBe(teamsBefore - 1);
    expect(await countOf(channels)).toBe(channelsBefore - doomedChannels);
    expect((await app.inject({ url: '/api/employee', headers: kept })).statusCode).toBe(200);

    // Signing in again with the same key starts over: the old data is gone.
    const again = await signInDemo(app, 'doomed');
    expect((await me(again)).id).not.toBe((await me(kept)).id);
  });

  it('needs a session and our origin', async () => {
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/account', headers: sameOrigin })).statusCode,
    ).toBe(401);
    const user = await signInDemo(app, 'csrf');
    const foreign = await app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { ...user, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/employee', headers: user })).statusCode).toBe(200);
  });
});
