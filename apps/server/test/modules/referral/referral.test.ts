import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantTariff } from '../../../src/modules/tariff/tariff.service.js';
import { startFakeOAuthProvider } from '../../helpers/fake-oauth-provider.js';
import { cookieFrom, createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';
import { signInThroughGoogle, signInWith } from '../../helpers/users.js';

// Friends sign up as a browser does: the link's code rides through the Google sign-in (a local fake) to the callback.
describe('referral programme', () => {
  let app: FastifyInstance;
  let google: Awaited<ReturnType<typeof startFakeOAuthProvider>>;
  beforeAll(async () => {
    google = await startFakeOAuthProvider('google', { sub: 'nobody' });
    app = await createTestApp(google.env);
  });
  afterAll(async () => {
    await app.close();
    await google.close();
  });
  const signUp = (subject: string, options: { ref?: string } = {}) =>
    signInThroughGoogle(app, google, subject, options);

  const referralOf = async (headers: { cookie: string }) =>
    (await app.inject({ url: '/api/referral', headers })).json();
  const tariffOf = async (headers: { cookie: string }) =>
    (await app.inject({ url: '/api/tariff/current', headers })).json();

  it('gives every user one code and a link to /auth?ref=CODE', async () => {
    const user = await signInWith(app, 'referrer-1');
    const first = await referralOf(user.headers);
    expect(first).toEqual({
      code: expect.stringMatching(/^[a-z0-9]{8}$/),
      link: `http://localhost:3000/auth?ref=${first.code}`,
      invited: 0,
      rewarded: 0,
    });
    expect((await referralOf(user.headers)).code).toBe(first.code);
  });

  it('draws the link as a QR code', async () => {
    const user = await signInWith(app, 'qr');
    const response = await app.inject({ url: '/api/referral/qr.svg', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg[^>]+viewBox/);
  });

  it('records a friend at their first sign-in and rewards the referrer once, at the friend’s first paid tariff', async () => {
    const referrer = await signInWith(app, 'referrer-2');
    await app.inject({
      method: 'POST',
      url: '/api/tariff/trial',
      headers: { ...referrer.headers, ...sameOrigin },
    });
    const { code } = await referralOf(referrer.headers);
    const endsBefore = Date.parse((await tariffOf(referrer.headers)).endsAt);

    const friend = await signUp('friend-1', { ref: code.toUpperCase() });
    expect(await referralOf(referrer.headers)).toMatchObject({ invited: 1, rewarded: 0 });

    const first = await grantTariff(app.db, friend.member, 'baza-3');
    expect(first.referrerRewarded).toBe(true);
    expect(await referralOf(referrer.headers)).toMatchObject({ invited: 1, rewarded: 1 });
    const endsAfter = Date.parse((await tariffOf(referrer.headers)).endsAt);
    expect(endsAfter - endsBefore).toBe(7 * 86_400_000);

    const second = await grantTariff(app.db, friend.member, 'media-25');
    expect(second.referrerRewarded).toBe(false);
    expect(Date.parse((await tariffOf(referrer.headers)).endsAt)).toBe(endsAfter);
  });

  it('gives a referrer without a running tariff seven days of the trial’s terms', async () => {
    const referrer = await signInWith(app, 'referrer-3');
    const { code } = await referralOf(referrer.headers);
    const friend = await signUp('friend-2', { ref: code });
    await grantTariff(app.db, friend.member, 'setka-10');
    const tariff = await tariffOf(referrer.headers);
    expect(tariff.tariff.id).toBe('trial');
    expect(Date.parse(tariff.endsAt) - Date.parse(tariff.startsAt)).toBe(7 * 86_400_000);
    // No trial over a running period; the bonus days are not the trial itself, which stays unused.
    expect(tariff.trialAvailable).toBe(false);
  });

  it('ignores unknown codes, existing accounts and a second code', async () => {
    const referrer = await signInWith(app, 'referrer-4');
    const { code } = await referralOf(referrer.headers);
    await signUp('nobody-ref', { ref: 'zzzzzzzz' });
    const existing = await signUp('existing');
    const again = await signUp('existing', { ref: code });
    expect(again.member).toEqual(existing.member);
    expect(await referralOf(referrer.headers)).toMatchObject({ invited: 0 });
  });

  it('never counts a demo sign-in as a friend, whatever code its link carries', async () => {
    const referrer = await signInWith(app, 'referrer-5');
    const { code } = await referralOf(referrer.headers);
    const login = await app.inject({ url: `/api/auth/login?authBy=demo&as=friend-demo&ref=${code}` });
    const cookie = `addesk_session=${cookieFrom(login.headers['set-cookie'], 'addesk_session')}`;
    expect(login.headers.location).toBe('/dashboard');
    expect((await app.inject({ url: '/api/employee', headers: { cookie } })).statusCode).toBe(200);
    expect(await referralOf(referrer.headers)).toMatchObject({ invited: 0, rewarded: 0 });
    const bad = await app.inject({ url: '/api/auth/login?authBy=demo&as=friend-demo-2&ref=%3Cx%3E' });
    expect(bad.statusCode).toBe(302);
  });

  it('shows a demo team its link but credits nobody who signs up by it', async () => {
    const demo = await signInDemo(app, 'demo-referrer');
    const { code, link } = await referralOf(demo);
    expect(link).toBe(`http://localhost:3000/auth?ref=${code}`);
    const tariffBefore = await tariffOf(demo);

    const friend = await signUp('friend-of-demo', { ref: code });
    expect(await referralOf(demo)).toMatchObject({ invited: 0, rewarded: 0 });
    expect((await grantTariff(app.db, friend.member, 'baza-3')).referrerRewarded).toBe(false);
    expect(await tariffOf(demo)).toEqual(tariffBefore);
  });

  it('needs a session', async () => {
    for (const url of ['/api/referral', '/api/referral/qr.svg']) {
      expect((await app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});
