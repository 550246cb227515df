import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeChat, startFakeTelegram } from '../../helpers/fake-telegram.js';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

const CHATS: FakeChat[] = [
  {
    id: -1001,
    title: 'Новости & «Факты»',
    username: 'news_facts',
    image: 'https://cdn4.cdn-telegram.org/file/news_facts.jpg',
    botIsAdmin: true,
  },
  { id: -1002, title: 'Кино', username: 'kino_daily', image: 'https://cdn4.telesco.pe/file/kino_daily.jpg' },
  { id: -1003, title: 'Спорт', username: 'sport_live' },
  {
    id: -1004,
    title: 'Чужие картинки',
    username: 'foreign_pics',
    image: 'https://tracker.example/pixel.gif',
  },
  {
    id: -1005,
    title: 'Картинка по http',
    username: 'plain_http',
    image: 'http://cdn4.telesco.pe/file/x.jpg',
  },
];

type Fake = Awaited<ReturnType<typeof startFakeTelegram>>;

describe.each(['preview page', 'bot'] as const)('channels, Telegram through the %s', (via) => {
  let app: FastifyInstance;
  let fake: Fake;
  let demo: { cookie: string };
  let other: { cookie: string };

  const post = (headers: { cookie: string }, body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/channel',
      headers: { ...headers, ...sameOrigin },
      payload: body as object,
    });

  beforeAll(async () => {
    fake = await startFakeTelegram(CHATS);
    app = await createTestApp(via === 'bot' ? fake.botEnv : fake.env);
    demo = await signInDemo(app, 'channels');
    other = await signInDemo(app, 'other');
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.state.mode = 'up';
  });

  it('looks a channel up by whatever link the user pasted', async () => {
    for (const nick of ['https://t.me/news_facts', '@news_facts', 't.me/s/news_facts', 'news_facts']) {
      const response = await app.inject({
        url: `/api/telegram/channel-info?channelNick=${encodeURIComponent(nick)}`,
        headers: demo,
      });
      expect(response.statusCode, nick).toBe(200);
      expect(response.json()).toEqual({
        userId: via === 'bot' ? -1001 : null,
        name: 'Новости & «Факты»',
        imageLink: 'https://cdn4.cdn-telegram.org/file/news_facts.jpg',
        telegramNickName: 'news_facts',
      });
    }
  });

  it('keeps a picture only from Telegram’s image hosts over https or from its preview root', async () => {
    for (const nick of ['foreign_pics', 'plain_http']) {
      const response = await app.inject({
        url: `/api/telegram/channel-info?channelNick=${nick}`,
        headers: demo,
      });
      expect(response.statusCode, nick).toBe(200);
      expect(response.json().imageLink, nick).toBeNull();
    }
  });

  it('answers 404 «Канал не найден» for an unknown username and 400 for bad or private links', async () => {
    const unknown = await app.inject({
      url: '/api/telegram/channel-info?channelNick=nobody_here',
      headers: demo,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Канал не найден' });
    for (const nick of ['https://t.me/+AbCdEf', 't.me/joinchat/AbCdEf', 'a b', '', 'https://example.com/x']) {
      const response = await app.inject({
        url: `/api/telegram/channel-info?channelNick=${encodeURIComponent(nick)}`,
        headers: demo,
      });
      expect(response.statusCode, nick).toBe(400);
      expect(response.json().fieldErrors.channelNick[0]).toMatch(/ссылк/);
    }
  });

  it('answers 502 in Russian when Telegram is down or too slow, and never hangs', async () => {
    for (const mode of ['down', 'slow'] as const) {
      fake.state.mode = mode;
      const started = Date.now();
      const response = await app.inject({
        url: '/api/telegram/channel-info?channelNick=kino_daily',
        headers: demo,
      });
      expect(response.statusCode, mode).toBe(502);
      expect(response.json()).toEqual({
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'Telegram сейчас не отвечает. Попробуйте ещё раз через минуту',
      });
      expect(Date.now() - started).toBeLessThan(2500);
    }
  });

  it('adds a channel with the name and image Telegram gives, not what the client says', async () => {
    const response = await post(demo, {
      telegramNickName: 'https://t.me/news_facts',
      description: '',
      name: 'Чужое',
    });
    expect(response.statusCode).toBe(201);
    const channel = response.json();
    expect(channel).toMatchObject({
      name: 'Новости & «Факты»',
      iconLink: 'https://cdn4.cdn-telegram.org/file/news_facts.jpg',
      telegramNickName: 'news_facts',
      botAdminRights: via === 'bot',
    });
    const listed = (await app.inject({ url: '/api/channel?limit=200', headers: demo })).json();
    expect(listed.items.map((c: { id: number }) => c.id)).toContain(channel.id);
    const opened = await app.inject({ url: `/api/channel/${channel.id}`, headers: demo });
    expect(opened.json()).toMatchObject({ id: channel.id, name: 'Новости & «Факты»' });
  });

  it('refuses the same channel twice with 409 «Канал уже добавлен», whatever the case', async () => {
    await post(demo, { telegramNickName: 'kino_daily' });
    const again = await post(demo, { telegramNickName: '@KINO_DAILY' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'Канал уже добавлен' });
  });

  it('refuses a channel over the tariff limit with 403 and writes nothing', async () => {
    // Demo masters are on a 10-channel trial; a fresh demo team fills it up from its sample channels.
    const extra = Array.from({ length: 10 }, (_, i) => ({
      id: -2000 - i,
      title: `Канал ${i}`,
      username: `extra_${i}_x`,
    }));
    const fill = await startFakeTelegram([...CHATS, ...extra]);
    const filled = await createTestApp(via === 'bot' ? fill.botEnv : fill.env);
    try {
      const team = await signInDemo(filled, 'limit');
      const sample = (await filled.inject({ url: '/api/channel', headers: team })).json().total;
      for (const chat of extra.slice(0, 10 - sample)) {
        const added = await filled.inject({
          method: 'POST',
          url: '/api/channel',
          headers: { ...team, ...sameOrigin },
          payload: { telegramNickName: chat.username },
        });
        expect(added.statusCode).toBe(201);
      }
      const over = await filled.inject({
        method: 'POST',
        url: '/api/channel',
        headers: { ...team, ...sameOrigin },
        payload: { telegramNickName: 'sport_live' },
      });
      expect(over.statusCode).toBe(403);
      expect(over.json().code).toBe('TARIFF_CHANNEL_LIMIT');
      expect(over.json().message).toBe(
        'Ваш тариф позволяет вести 10 каналов. Чтобы добавить ещё, выберите тариф в разделе «Тарифы»',
      );
      expect((await filled.inject({ url: '/api/channel', headers: team })).json().total).toBe(10);
    } finally {
      await filled.close();
      await fill.close();
    }
  });

  it('validates the body in Russian and writes nothing', async () => {
    const before = (await app.inject({ url: '/api/channel', headers: demo })).json().total;
    for (const body of [
      {},
      { telegramNickName: 5 },
      { telegramNickName: 't.me/+abc' },
      { telegramNickName: 'sport_live', description: 'x'.repeat(1001) },
      { telegramNickName: 'sport_live', ownerEmployeeId: 'me' },
    ]) {
      const response = await post(demo, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/[а-яё]/i);
    }
    expect((await app.inject({ url: '/api/channel', headers: demo })).json().total).toBe(before);
  });

  it('keeps teams apart: another team’s channel answers 404 like a missing one, and is not changed', async () => {
    const mine = (await app.inject({ url: '/api/channel', headers: demo })).json().items[0];
    for (const url of [`/api/channel/${mine.id}`, `/api/channel/${mine.id}/employees`]) {
      const foreign = await app.inject({ url, headers: other });
      const missing = await app.inject({ url: url.replace(String(mine.id), '987654'), headers: other });
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
    }
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/channel/${mine.id}`,
      headers: { ...other, ...sameOrigin },
    });
    expect(del.statusCode).toBe(404);
    expect((await app.inject({ url: `/api/channel/${mine.id}`, headers: demo })).statusCode).toBe(200);
    const theirEmployee = (await app.inject({ url: '/api/employee', headers: other })).json().id;
    const owned = await post(demo, { telegramNickName: 'sport_live', ownerEmployeeId: theirEmployee });
    expect(owned.statusCode).toBe(404);
  });

  it('lists the employees working on a channel', async () => {
    const first = (await app.inject({ url: '/api/channel?limit=1', headers: demo })).json().items[0];
    const response = await app.inject({ url: `/api/channel/${first.id}/employees`, headers: demo });
    expect(response.statusCode).toBe(200);
    expect(response.json().length).toBeGreaterThanOrEqual(2);
    expect(response.json()[0]).toEqual({
      employeeId: expect.any(Number),
      employeeName: 'Мария Ковалёва',
      iconLink: null,
    });
  });

  it('archives a channel on DELETE, keeping its assignments for a restore', async () => {
    const first = (await app.inject({ url: '/api/channel?limit=1', headers: demo })).json().items[0];
    const employees = (await app.inject({ url: `/api/channel/${first.id}/employees`, headers: demo })).json();
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/channel/${first.id}`,
      headers: { ...demo, ...sameOrigin },
    });
    expect(del.statusCode).toBe(204);
    const opened = await app.inject({ url: `/api/channel/${first.id}`, headers: demo });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().archivedAt).toEqual(expect.any(String));
    expect((await app.inject({ url: `/api/channel/${first.id}/employees`, headers: demo })).json()).toEqual(
      employees,
    );
    const restored = await app.inject({
      method: 'POST',
      url: `/api/channel/${first.id}/restore`,
      headers: { ...demo, ...sameOrigin },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ ...first, archivedAt: null });
  });

  it('names the bot users should make an administrator', async () => {
    const response = await app.inject({ url: '/api/telegram/bot', headers: demo });
    expect(response.json()).toEqual({ username: via === 'bot' ? 'addesk_bot' : null });
  });

  it('needs a session for every channel call', async () => {
    for (const [method, url] of [
      ['GET', '/api/channel'],
      ['GET', '/api/channel/1'],
      ['GET', '/api/channel/1/employees'],
      ['DELETE', '/api/channel/1'],
      ['POST', '/api/channel/1/restore'],
      ['POST', '/api/channel'],
      ['GET', '/api/telegram/channel-info?channelNick=kino_daily'],
      ['GET', '/api/telegram/bot'],
    ] as const) {
      expect((await app.inject({ method, url, headers: sameOrigin })).statusCode, url).toBe(401);
    }
  });
});

describe('bot rights', () => {
  it('are refreshed when the channel is opened, at most once a minute', async () => {
    const chat: FakeChat = { id: -3001, title: 'Бот-тест', username: 'bot_test_ch', botIsAdmin: false };
    const fake = await startFakeTelegram([chat]);
    const app = await createTestApp(fake.botEnv);
    try {
      const team = await signInDemo(app, 'bot');
      const created = await app.inject({
        method: 'POST',
        url: '/api/channel',
        headers: { ...team, ...sameOrigin },
        payload: { telegramNickName: 'bot_test_ch' },
      });
      expect(created.json().botAdminRights).toBe(false);
      chat.botIsAdmin = true;
      const calls = () => fake.state.calls.filter((c) => c.endsWith('/getChatMember')).length;
      const before = calls();
      const opened = await app.inject({ url: `/api/channel/${created.json().id}`, headers: team });
      expect(opened.json().botAdminRights).toBe(false);
      expect(calls()).toBe(before);
      // A minute later the rights are asked again.
      await app.db.execute(`update channels set bot_checked_at = now() - interval '2 minutes'`);
      const later = await app.inject({ url: `/api/channel/${created.json().id}`, headers: team });
      expect(later.json().botAdminRights).toBe(true);
      expect(calls()).toBe(before + 1);
    } finally {
      await app.close();
      await fake.close();
    }
  });
});
