import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegram } from '../../helpers/fake-telegram.js';
import { signedInitData, signedLogin } from '../../helpers/telegram-login.js';
import { cookieFrom, createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

// Sign-in with Telegram (issue 39): the login widget's redirect and a Mini App's launch data, signed with the test
// bot's token by a local fake of Telegram's side; what is refused leaves no session.

const TOKEN = '123:TEST';
const DAY_MS = 86_400_000;

describe('sign-in with Telegram', () => {
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeTelegram>>;
  const olga = { id: '5001', first_name: 'Ольга', last_name: 'Иванова', username: 'olga_ads' };

  const callback = (fields: Record<string, string>, cookie = '') =>
    app.inject({
      url: `/api/auth/callback/telegram?${new URLSearchParams(fields)}`,
      headers: cookie ? { cookie } : {},
    });
  const webApp = (initData: string, invite?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/telegram/webapp',
      headers: sameOrigin,
      payload: { initData, ...(invite ? { invite } : {}) },
    });
  const session = (response: { headers: Record<string, unknown> }) =>
    cookieFrom(response.headers['set-cookie'] as string[] | string | undefined, 'addesk_session');
  /** The signed-in person's employee record, with their Telegram. */
  const me = async (token: string) => {
    const headers = { cookie: `addesk_session=${token}` };
    const { id } = (await app.inject({ url: '/api/employee', headers })).json() as { id: number };
    return (await app.inject({ url: `/api/employee/${id}`, headers })).json() as {
      id: number;
      firstName: string;
      secondName: string;
      telegramNickName: string | null;
    };
  };

  beforeAll(async () => {
    fake = await startFakeTelegram([]);
    app = await createTestApp({
      ...fake.botEnv,
      BACKGROUND_JOBS: '0',
      TELEGRAM_OAUTH_ROOT: 'http://127.0.0.1:9/tg',
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('offers Telegram when a bot is configured, and sends the browser to Telegram with where to come back', async () => {
    expect((await app.inject({ url: '/api/auth/providers' })).json()).toMatchObject({ telegram: true });
    const start = await app.inject({ url: '/api/auth/login?authBy=telegram&redirect=/sales' });
    expect(start.statusCode).toBe(302);
    const to = new URL(String(start.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe('http://127.0.0.1:9/auth');
    expect(Object.fromEntries(to.searchParams)).toEqual({
      bot_id: '123',
      origin: 'http://localhost:3000',
      return_to: 'http://localhost:3000/auth/telegram',
      request_access: 'write',
    });
    expect(cookieFrom(start.headers['set-cookie'], 'addesk_oauth')).toBeTruthy();
  });

  it('signs in by a valid login: a team of their own, the username on their record, back where they were going', async () => {
    const start = await app.inject({ url: '/api/auth/login?authBy=telegram&redirect=/sales' });
    const pending = `addesk_oauth=${cookieFrom(start.headers['set-cookie'], 'addesk_oauth')}`;
    const answer = await callback(signedLogin(TOKEN, olga), pending);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/sales');
    const token = session(answer);
    expect(token).toBeTruthy();
    expect(await me(token ?? '')).toMatchObject({
      firstName: 'Ольга',
      secondName: 'Иванова',
      telegramNickName: 'olga_ads',
    });

    // The same person again, through the Mini App this time: the same account, the same employee.
    const again = await webApp(
      signedInitData(TOKEN, { id: 5001, first_name: 'Ольга', username: 'olga_ads' }),
    );
    expect(again.statusCode, again.body).toBe(204);
    expect((await me(session(again) ?? '')).id).toBe((await me(token ?? '')).id);
    const accounts = await app.db.execute(
      sql`select count(*)::int as n from accounts where provider = 'telegram' and subject = '5001'`,
    );
    expect(accounts.rows[0]?.n).toBe(1);
  });

  it('refuses a changed field, a wrong hash, another bot, an old login and a replay of it, with no session', async () => {
    const good = signedLogin(TOKEN, { id: '5002', first_name: 'Пётр' });
    const refusals: [Record<string, string>, string][] = [
      [{ ...good, first_name: 'Павел' }, 'telegram_invalid'],
      [{ ...good, id: '5003' }, 'telegram_invalid'],
      [{ ...good, hash: '0'.repeat(64) }, 'telegram_invalid'],
      [signedLogin('999:OTHER', { id: '5002', first_name: 'Пётр' }), 'telegram_invalid'],
      [
        signedLogin(TOKEN, { id: '5002', first_name: 'Пётр' }, new Date(Date.now() - DAY_MS - 60_000)),
        'telegram_expired',
      ],
      [
        signedLogin(TOKEN, { id: '5002', first_name: 'Пётр' }, new Date(Date.now() + 10 * 60_000)),
        'telegram_expired',
      ],
    ];
    for (const [fields, error] of refusals) {
      const answer = await callback(fields);
      expect(answer.headers.location, JSON.stringify(fields)).toBe(`/auth?error=${error}`);
      expect(session(answer)).toBeUndefined();
    }
    // A malformed one is refused by its shape, never reaching a sign-in.
    expect((await callback({ ...good, hash: 'zz' })).statusCode).toBe(400);
    const before = await app.db.execute(sql`select count(*)::int as n from accounts where subject = '5002'`);
    expect(before.rows[0]?.n).toBe(0);

    const data = (user: Record<string, unknown>, at?: Date) => signedInitData(TOKEN, user, at);
    for (const initData of [
      data({ id: 5002, first_name: 'Пётр' }).replace('%D0%9F%D1%91%D1%82%D1%80', '%D0%98%D0%B2%D0%B0%D0%BD'),
      signedInitData('999:OTHER', { id: 5002, first_name: 'Пётр' }),
      data({ id: 5002, first_name: 'Пётр' }, new Date(Date.now() - 2 * DAY_MS)),
      'user=%7B%7D&auth_date=1&hash=abc',
    ]) {
      const answer = await webApp(initData);
      expect(answer.statusCode, initData).toBe(401);
      expect(answer.json().message).toMatch(/^Telegram не подтвердил вход|^Вход через Telegram устарел/);
      expect(session(answer)).toBeUndefined();
    }
  });

  it('accepts an invitation opened in the Mini App as that Telegram account', async () => {
    const owner = await signInDemo(app, 'telegram-invite');
    const created = await app.inject({
      method: 'POST',
      url: '/api/employee',
      headers: { ...owner, ...sameOrigin },
      payload: { firstName: 'Мини', secondName: 'Апп' },
    });
    const employeeId = created.json().id as number;
    const invited = await app.inject({
      method: 'POST',
      url: `/api/employee/${employeeId}/invite`,
      headers: { ...owner, ...sameOrigin },
    });
    const invite = String(invited.json().url).split('/invite/')[1] ?? '';
    // The same invitation as the bot's start link; the bot answers it with a button into AdDesk on its page.
    expect(invited.json().telegramUrl).toBe(`https://t.me/addesk_bot?start=inv_${invite}`);
    const mini = { id: 5004, is_bot: false, first_name: 'Мини', username: 'mini_app_user' };
    const lastTo = () =>
      fake
        .sent('sendMessage')
        .filter((sent) => Number(sent.chat_id) === mini.id)
        .at(-1);
    const say = async (text: string) => {
      fake.message(mini, text);
      await app.bot.receiveUpdates();
      await app.jobs.runDue();
    };
    await say(`/start inv_${invite}`);
    expect(String(lastTo()?.text)).toMatch(
      /^.+ приглашает вас в команду «.+» в AdDesk как Мини Апп\. Нажмите кнопку, чтобы войти\.$/,
    );
    expect(lastTo()?.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Открыть AdDesk', url: `http://localhost:3000/invite/${invite}` }]],
    });
    await say('/start inv_nonsense');
    expect(String(lastTo()?.text)).toMatch(
      /^Это приглашение не действует: .+\. Попросите владельца команды прислать новое\.$/,
    );
    const answer = await webApp(
      signedInitData(TOKEN, { id: 5004, first_name: 'Мини', username: 'mini_app_user' }),
      invite,
    );
    expect(answer.statusCode, answer.body).toBe(204);
    expect(await me(session(answer) ?? '')).toMatchObject({
      id: employeeId,
      telegramNickName: 'mini_app_user',
    });
  });

  it('links Telegram to a profile from /profile, so one person is one account through either door', async () => {
    const first = await signInDemo(app, 'telegram-link');
    const start = await app.inject({ url: '/api/auth/login?authBy=telegram&link=1', headers: first });
    expect(start.statusCode).toBe(302);
    const pending = `addesk_oauth=${cookieFrom(start.headers['set-cookie'], 'addesk_oauth')}`;
    const petya = { id: '5005', first_name: 'Петя' };
    const linked = await callback(signedLogin(TOKEN, petya), `${pending}; ${first.cookie}`);
    expect(linked.headers.location).toBe('/profile/settings?linked=telegram');
    expect(session(linked)).toBeUndefined();
    const accounts = await app.inject({ url: '/api/profile/accounts', headers: first });
    expect(accounts.json().map((a: { provider: string }) => a.provider)).toEqual(['demo', 'telegram']);

    // Through the other door now: the same person, in the same team.
    const viaTelegram = session(await callback(signedLogin(TOKEN, petya)));
    const demoToken = first.cookie.split('=')[1] ?? '';
    expect((await me(viaTelegram ?? '')).id).toBe((await me(demoToken)).id);

    // Someone else's Telegram cannot be linked; a link without a session asks to sign in first.
    const other = await signInDemo(app, 'telegram-link-other');
    const start2 = await app.inject({ url: '/api/auth/login?authBy=telegram&link=1', headers: other });
    const pending2 = `addesk_oauth=${cookieFrom(start2.headers['set-cookie'], 'addesk_oauth')}`;
    const taken = await callback(signedLogin(TOKEN, petya), `${pending2}; ${other.cookie}`);
    expect(taken.headers.location).toBe('/profile/settings?error=account_taken');
    expect((await app.inject({ url: '/api/auth/login?authBy=telegram&link=1' })).headers.location).toBe(
      '/auth?error=link_signed_out',
    );

    // Unlinking: a door at a time, never the last one.
    const unlink = (provider: string) =>
      app.inject({
        method: 'DELETE',
        url: `/api/profile/accounts/${provider}`,
        headers: { ...first, ...sameOrigin },
      });
    expect((await unlink('google')).statusCode).toBe(404);
    expect((await unlink('demo')).statusCode).toBe(204);
    const last = await unlink('telegram');
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(
      'Это единственный способ входа: сначала привяжите другой, потом отвяжите этот',
    );
    expect((await app.inject({ url: '/api/profile/accounts', headers: first })).json()).toEqual([
      { provider: 'telegram', since: expect.any(String) },
    ]);
  });

  it('never removes both of two doors when both are unlinked at once (PostgreSQL too)', async () => {
    const person = await signInDemo(app, 'telegram-race');
    const start = await app.inject({ url: '/api/auth/login?authBy=telegram&link=1', headers: person });
    const pending = `addesk_oauth=${cookieFrom(start.headers['set-cookie'], 'addesk_oauth')}`;
    await callback(signedLogin(TOKEN, { id: '5006', first_name: 'Гонка' }), `${pending}; ${person.cookie}`);
    const unlink = (provider: string) =>
      app.inject({
        method: 'DELETE',
        url: `/api/profile/accounts/${provider}`,
        headers: { ...person, ...sameOrigin },
      });
    const answers = await Promise.all([unlink('demo'), unlink('telegram')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    expect((await app.inject({ url: '/api/profile/accounts', headers: person })).json()).toHaveLength(1);
  });

  it('says what to configure when there is no bot', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.inject({ url: '/api/auth/providers' })).json()).toMatchObject({ telegram: false });
      expect((await bare.inject({ url: '/api/auth/login?authBy=telegram' })).headers.location).toBe(
        '/auth?error=telegram_not_configured',
      );
      const answer = await bare.inject({
        method: 'POST',
        url: '/api/auth/telegram/webapp',
        headers: sameOrigin,
        payload: { initData: signedInitData(TOKEN, { id: 1 }) },
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toContain('TELEGRAM_BOT_TOKEN');
    } finally {
      await bare.close();
    }
  });
});
