import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telegramLinkTokens } from '../../../src/db/schema/index.js';
import { sha256 } from '../../../src/lib/tokens.js';
import { LINK_EXPIRED, LINKED } from '../../../src/modules/reminders/bot-messages.js';
import { type FakeUser, startFakeTelegram } from '../../helpers/fake-telegram.js';
import { createTestApp, sameOrigin } from '../../helpers/test-app.js';
import { signInWith } from '../../helpers/users.js';
import { type Fake, type Headers, linkTelegram, say, settingsOf, startToken, textsTo } from './telegram.js';

const anna: FakeUser = { id: 9001, first_name: 'Анна', username: 'anna_ads' };
const boris: FakeUser = { id: 9002, first_name: 'Борис' };
const stranger: FakeUser = { id: 9003, first_name: 'Гость', username: 'guest' };

let now = new Date('2026-06-01T09:00:00Z');

describe("linking a person's Telegram through the bot's /start", () => {
  let app: FastifyInstance;
  let fake: Fake;
  let a: Headers;
  let b: Headers;

  const lastTextTo = (user: FakeUser) => textsTo(fake, user.id).at(-1);

  beforeAll(async () => {
    fake = await startFakeTelegram([]);
    app = await createTestApp({ ...fake.botEnv, BACKGROUND_JOBS: '0' }, { clock: () => now });
    a = (await signInWith(app, 'link-a')).headers;
    b = (await signInWith(app, 'link-b')).headers;
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('starts unlinked; the link is the bot with a one-time token of which only the hash is kept', async () => {
    expect((await settingsOf(app, a)).telegram).toEqual({ available: true, linked: false, username: null });
    const token = await startToken(app, a);
    const rows = await app.db.select().from(telegramLinkTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.expiresAt).toEqual(new Date(now.getTime() + 15 * 60_000));
  });

  it('links the chat and the @username on /start with the token, and says so; the token works once', async () => {
    const token = await startToken(app, a);
    await say(app, fake, anna, `/start ${token}`);
    expect(lastTextTo(anna)).toBe(LINKED);
    expect((await settingsOf(app, a)).telegram).toEqual({
      available: true,
      linked: true,
      username: 'anna_ads',
    });
    expect(
      await app.db
        .select()
        .from(telegramLinkTokens)
        .where(eq(telegramLinkTokens.tokenHash, sha256(token))),
    ).toEqual([]);

    // The same link again, even from someone else: used up.
    await say(app, fake, stranger, `/start ${token}`);
    expect(lastTextTo(stranger)).toBe(LINK_EXPIRED);
    expect((await settingsOf(app, a)).telegram.username).toBe('anna_ads');
  });

  it('never links someone of another team: each token links only the person who asked for it', async () => {
    const tokenB = await startToken(app, b);
    await say(app, fake, boris, `/start ${tokenB}`);
    expect(lastTextTo(boris)).toBe(LINKED);
    expect((await settingsOf(app, b)).telegram).toEqual({ available: true, linked: true, username: null });
    // A's link is still Anna's.
    expect((await settingsOf(app, a)).telegram).toEqual({
      available: true,
      linked: true,
      username: 'anna_ads',
    });
  });

  it('links nobody with an expired, replaced or made-up token, and explains how to connect', async () => {
    await app.inject({ method: 'DELETE', url: '/api/profile/telegram', headers: { ...b, ...sameOrigin } });
    const expired = await startToken(app, b);
    now = new Date(now.getTime() + 15 * 60_000 + 1000);
    await say(app, fake, boris, `/start ${expired}`);
    expect(lastTextTo(boris)).toBe(LINK_EXPIRED);

    const replaced = await startToken(app, b);
    const current = await startToken(app, b);
    await say(app, fake, boris, `/start ${replaced}`);
    expect(lastTextTo(boris)).toBe(LINK_EXPIRED);
    await say(app, fake, boris, '/start made-up-token');
    expect(lastTextTo(boris)).toBe(LINK_EXPIRED);
    expect((await settingsOf(app, b)).telegram.linked).toBe(false);

    await say(app, fake, boris, '/start');
    expect(lastTextTo(boris)).toContain('нажмите «Подключить Telegram»');
    await say(app, fake, boris, 'привет');
    expect(lastTextTo(boris)).toContain('нажмите «Подключить Telegram»');

    await say(app, fake, boris, `/start ${current}`);
    expect(lastTextTo(boris)).toBe(LINKED);
    expect((await settingsOf(app, b)).telegram.linked).toBe(true);
  });

  it('unlinks on DELETE /api/profile/telegram', async () => {
    await linkTelegram(app, fake, a, anna);
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/profile/telegram',
      headers: { ...a, ...sameOrigin },
    });
    expect(response.statusCode).toBe(204);
    expect((await settingsOf(app, a)).telegram).toEqual({ available: true, linked: false, username: null });
  });

  it('keeps the payments switch and the lead time; refuses a lead time out of 0..1440 in Russian', async () => {
    const settings = await settingsOf(app, a);
    expect(settings).toMatchObject({ notifyPayments: true, remindMinutesBefore: 60 });
    const patch = (payload: object) =>
      app.inject({ method: 'PATCH', url: '/api/settings', headers: { ...a, ...sameOrigin }, payload });
    const saved = await patch({ notifyPayments: false, remindMinutesBefore: 1440 });
    expect(saved.json()).toMatchObject({ notifyPayments: false, remindMinutesBefore: 1440 });
    for (const remindMinutesBefore of [-1, 1441, 2.5, '60']) {
      const refused = await patch({ remindMinutesBefore });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors.remindMinutesBefore).toEqual(['Целое число минут от 0 до 1440']);
    }
    expect((await settingsOf(app, b)).remindMinutesBefore).toBe(60);
  });
});

describe('without a bot on the server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('says Telegram is not available and refuses a link in Russian', async () => {
    const { headers } = await signInWith(app, 'no-bot');
    expect((await settingsOf(app, headers)).telegram).toEqual({
      available: false,
      linked: false,
      username: null,
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/profile/telegram/link',
      headers: { ...headers, ...sameOrigin },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Бот Telegram на этом сервере не настроен: напоминания в Telegram недоступны',
    });
  });
});
