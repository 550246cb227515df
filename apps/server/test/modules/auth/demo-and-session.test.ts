import { OWNER_PERMISSIONS } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../src/db/schema/index.js';
import { cookieFrom, createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

describe('demo sign-in and sessions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('creates a demo master with a realistic team on first use and redirects to /dashboard', async () => {
    const response = await app.inject({ url: '/api/auth/login?authBy=demo&as=first' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/dashboard');
    const cookie = `addesk_session=${cookieFrom(response.headers['set-cookie'], 'addesk_session')}`;
    const me = (await app.inject({ url: '/api/employee', headers: { cookie } })).json();
    expect(me).toEqual({
      id: expect.any(Number),
      firstName: 'Алексей',
      secondName: 'Смирнов',
      iconLink: null,
      version: 1,
      // No browser zone came with this sign-in: the team keeps the default.
      timeZone: 'Europe/Moscow',
      // The one who signs in first is the team's owner, who may do everything in it.
      isOwner: true,
      permissions: OWNER_PERMISSIONS,
      team: { id: expect.any(Number), name: 'Моя команда', count: 1 },
    });
    const channels = (await app.inject({ url: '/api/channel', headers: { cookie } })).json();
    expect(channels.total).toBeGreaterThanOrEqual(3);
    expect(channels.total).toBeLessThanOrEqual(5);
    const team = (
      await app.inject({ url: `/api/employee/${me.id}/subordinates`, headers: { cookie } })
    ).json();
    expect(team.total).toBeGreaterThanOrEqual(2);
    expect(team.total).toBeLessThanOrEqual(4);
  });

  it('gives each key its own team and the same key the same master', async () => {
    const a = await signInDemo(app, 'key-a');
    const b = await signInDemo(app, 'key-b');
    const a2 = await signInDemo(app, 'key-a');
    const idOf = async (cookie: string) =>
      (await app.inject({ url: '/api/employee', headers: { cookie } })).json().id;
    expect(await idOf(a.cookie)).not.toBe(await idOf(b.cookie));
    expect(await idOf(a2.cookie)).toBe(await idOf(a.cookie));
  });

  it('ends as one team when two first sign-ins with one key race', async () => {
    const results = await Promise.all([
      signInDemo(app, 'race'),
      signInDemo(app, 'race'),
      signInDemo(app, 'race'),
    ]);
    const ids = await Promise.all(
      results.map(
        async ({ cookie }) => (await app.inject({ url: '/api/employee', headers: { cookie } })).json().id,
      ),
    );
    expect(new Set(ids).size).toBe(1);
  });

  it('honours a safe return path and drops an unsafe one', async () => {
    const deep = await app.inject({ url: '/api/auth/login?authBy=demo&as=r&redirect=%2Fchannels%2F2' });
    expect(deep.headers.location).toBe('/channels/2');
    const evil = await app.inject({
      url: '/api/auth/login?authBy=demo&as=r&redirect=https%3A%2F%2Fevil.example',
    });
    expect(evil.headers.location).toBe('/dashboard');
  });

  it('refuses a demo sign-in another site started, and keeps it for our page, a typed address and other clients', async () => {
    const login = (site?: string) =>
      app.inject({
        url: '/api/auth/login?authBy=demo&as=csrf',
        headers: site ? { 'sec-fetch-site': site } : {},
      });
    const refused = await login('cross-site');
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe('/auth?error=demo_cross_site');
    expect(cookieFrom(refused.headers['set-cookie'], 'addesk_session')).toBeUndefined();
    for (const site of ['same-origin', 'none', undefined]) {
      const response = await login(site);
      expect(response.headers.location, String(site)).toBe('/dashboard');
      expect(cookieFrom(response.headers['set-cookie'], 'addesk_session'), String(site)).toBeTruthy();
    }
  });

  it('refuses a malformed demo key with a Russian 400', async () => {
    const response = await app.inject({ url: '/api/auth/login?authBy=demo&as=%3Cscript%3E' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fieldErrors: { as: [expect.stringMatching(/латиница/)] },
    });
  });

  it('answers 401 without a session, with a forged one, and after logout', async () => {
    expect((await app.inject({ url: '/api/employee' })).statusCode).toBe(401);
    const forged = await app.inject({ url: '/api/employee', headers: { cookie: 'addesk_session=forged' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Войдите, чтобы продолжить' });

    const { cookie } = await signInDemo(app, 'logout');
    expect((await app.inject({ url: '/api/employee', headers: { cookie } })).statusCode).toBe(200);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, ...sameOrigin },
    });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(/addesk_session=;/);
    expect((await app.inject({ url: '/api/employee', headers: { cookie } })).statusCode).toBe(401);
  });

  it('does not accept an expired session', async () => {
    const { cookie } = await signInDemo(app, 'expired');
    await app.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await app.inject({ url: '/api/employee', headers: { cookie } })).statusCode).toBe(401);
  });

  it('stores only a hash of the session token', async () => {
    const { cookie } = await signInDemo(app, 'hash');
    const token = cookie.split('=')[1];
    const rows = await app.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('marks the cookie Secure when the app is served over https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://addesk.example' });
    const response = await secure.inject({ url: '/api/auth/login?authBy=demo' });
    expect(String(response.headers['set-cookie'])).toMatch(/Secure/);
    expect(response.headers['strict-transport-security']).toBeDefined();
    await secure.close();
  });
});

describe('with demo sign-in off', () => {
  it('sends the user back to /auth and says so', async () => {
    const app = await createTestApp({ DEMO_LOGIN: '0' });
    const response = await app.inject({ url: '/api/auth/login?authBy=demo' });
    expect(response.headers.location).toBe('/auth?error=demo_disabled');
    expect(cookieFrom(response.headers['set-cookie'], 'addesk_session')).toBeUndefined();
    expect((await app.inject({ url: '/api/auth/providers' })).json().demo).toBe(false);
    await app.close();
  });
});

describe('sign-in attempts', () => {
  it('are limited per address to SIGN_IN_PER_MINUTE a minute, answered 429 in Russian', async () => {
    const app = await createTestApp({ SIGN_IN_PER_MINUTE: '2' });
    try {
      const attempt = () => app.inject({ url: '/api/auth/login?authBy=demo&as=limited' });
      expect((await attempt()).statusCode).toBe(302);
      expect((await attempt()).statusCode).toBe(302);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Слишком много запросов. Попробуйте чуть позже',
      });
    } finally {
      await app.close();
    }
  });
});
