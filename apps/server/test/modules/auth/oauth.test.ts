import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOAuthProvider } from '../../helpers/fake-oauth-provider.js';
import { cookieFrom, createTestApp } from '../../helpers/test-app.js';

const cases = [
  {
    provider: 'google' as const,
    profile: {
      sub: 'g-123',
      name: 'Иван Петров',
      given_name: 'Иван',
      family_name: 'Петров',
      picture: 'https://img.example/i.png',
    },
    expected: { firstName: 'Иван', secondName: 'Петров', iconLink: 'https://img.example/i.png' },
  },
  {
    provider: 'yandex' as const,
    profile: {
      id: 'y-456',
      first_name: 'Ольга',
      last_name: 'Сидорова',
      default_avatar_id: '42/abc',
      is_avatar_empty: false,
    },
    expected: {
      firstName: 'Ольга',
      secondName: 'Сидорова',
      iconLink: 'https://avatars.yandex.net/get-yapic/42/abc/islands-200',
    },
  },
];

describe.each(cases)('sign-in through $provider', ({ provider, profile, expected }) => {
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeOAuthProvider>>;

  beforeAll(async () => {
    fake = await startFakeOAuthProvider(provider, profile);
    app = await createTestApp(fake.env);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  /** Plays the browser: our login redirect, the provider's consent redirect, back to our callback. */
  async function toCallback(redirect?: string) {
    const login = await app.inject({
      url: `/api/auth/login?authBy=${provider}${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`,
    });
    expect(login.statusCode).toBe(302);
    const authorize = new URL(String(login.headers.location));
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `http://localhost:3000/api/auth/callback/${provider}`,
    );
    const pending = cookieFrom(login.headers['set-cookie'], 'addesk_oauth');
    expect(pending).toBeTruthy();
    const consent = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(String(consent.headers.get('location')));
    return { callback, pendingCookie: `addesk_oauth=${pending}` };
  }

  const callbackPath = (url: URL) => `${url.pathname}${url.search}`;

  it('signs a new user in, creates their team and remembers them on the next sign-in', async () => {
    const { callback, pendingCookie } = await toCallback();
    const response = await app.inject({ url: callbackPath(callback), headers: { cookie: pendingCookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/dashboard');
    const token = cookieFrom(response.headers['set-cookie'], 'addesk_session');
    expect(token).toBeTruthy();
    const setCookie = [response.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/addesk_session=[^;]+;.*HttpOnly/);
    expect(setCookie).toMatch(/addesk_session=[^;]+;.*SameSite=Lax/);

    const me = await app.inject({ url: '/api/employee', headers: { cookie: `addesk_session=${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject(expected);

    const again = await toCallback();
    const second = await app.inject({
      url: callbackPath(again.callback),
      headers: { cookie: again.pendingCookie },
    });
    const token2 = cookieFrom(second.headers['set-cookie'], 'addesk_session');
    const me2 = await app.inject({ url: '/api/employee', headers: { cookie: `addesk_session=${token2}` } });
    expect(me2.json().id).toBe(me.json().id);
  });

  it('returns to the page the user asked for, never to another site', async () => {
    const deep = await toCallback('/sale/5');
    const ok = await app.inject({
      url: callbackPath(deep.callback),
      headers: { cookie: deep.pendingCookie },
    });
    expect(ok.headers.location).toBe('/sale/5');

    const evil = await toCallback('//evil.example/x');
    const safe = await app.inject({
      url: callbackPath(evil.callback),
      headers: { cookie: evil.pendingCookie },
    });
    expect(safe.headers.location).toBe('/dashboard');
  });

  it('refuses a callback whose state does not match', async () => {
    const { callback, pendingCookie } = await toCallback();
    callback.searchParams.set('state', 'forged');
    const response = await app.inject({ url: callbackPath(callback), headers: { cookie: pendingCookie } });
    expect(response.headers.location).toBe('/auth?error=invalid_state');
    expect(cookieFrom(response.headers['set-cookie'], 'addesk_session')).toBeUndefined();
  });

  it('refuses a callback without the pending sign-in cookie', async () => {
    const { callback } = await toCallback();
    const response = await app.inject({ url: callbackPath(callback) });
    expect(response.headers.location).toBe('/auth?error=invalid_state');
  });

  it('sends the user back to /auth when they deny consent', async () => {
    fake.denyConsent(true);
    try {
      const { callback, pendingCookie } = await toCallback();
      const response = await app.inject({ url: callbackPath(callback), headers: { cookie: pendingCookie } });
      expect(response.headers.location).toBe('/auth?error=access_denied');
      expect(cookieFrom(response.headers['set-cookie'], 'addesk_session')).toBeUndefined();
    } finally {
      fake.denyConsent(false);
    }
  });

  it('refuses a replayed code, even with the pending cookie replayed too', async () => {
    const { callback, pendingCookie } = await toCallback();
    const first = await app.inject({ url: callbackPath(callback), headers: { cookie: pendingCookie } });
    expect(first.headers.location).toBe('/dashboard');
    const replay = await app.inject({ url: callbackPath(callback), headers: { cookie: pendingCookie } });
    expect(replay.headers.location).toBe('/auth?error=provider_error');
    expect(cookieFrom(replay.headers['set-cookie'], 'addesk_session')).toBeUndefined();
  });

  it('keeps the one-time code out of the logs', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      { ...fake.env, LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const login = await logged.inject({ url: `/api/auth/login?authBy=${provider}` });
      const consent = await fetch(String(login.headers.location), { redirect: 'manual' });
      const callback = new URL(String(consent.headers.get('location')));
      await logged.inject({ url: callbackPath(callback) });
      const code = callback.searchParams.get('code') ?? 'missing';
      expect(lines.join('\n')).toContain('/api/auth/callback');
      expect(lines.join('\n')).not.toContain(code);
    } finally {
      await logged.close();
    }
  });
});

describe('a provider without credentials', () => {
  it('sends the user back to /auth with a message saying what to configure', async () => {
    const app = await createTestApp();
    const response = await app.inject({ url: '/api/auth/login?authBy=google' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth?error=provider_not_configured');
    const providers = await app.inject({ url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ google: false, yandex: false, telegram: false, demo: true });
    await app.close();
  });
});
