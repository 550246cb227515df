import { NOT_A_CHANNEL } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salePayload } from '../../helpers/deal-payload.js';
import { type FakeChat, startFakeTelegram } from '../../helpers/fake-telegram.js';
import { callerOf, countRows } from '../../helpers/team.js';
import { callWith, createTestApp, signInDemo } from '../../helpers/test-app.js';

// Issue 33: the Bot API finds channels and groups by username but never a person, so with a bot configured people
// were 'not found'. A person is found by their public preview page, kept as typed when nothing finds them, and never
// taken for a channel.

const CHATS: FakeChat[] = [
  { id: 501, title: 'Олег Рекламщик', username: 'oleg', kind: 'user', image: '/avatar/oleg.svg' },
  { id: 502, title: 'Иван Петров', username: 'ivan_petrov', kind: 'user' },
  { id: 503, title: 'Мария Знакомая', username: 'maria_known', kind: 'user', botKnows: true },
  { id: -5001, title: 'Канал о рекламе', username: 'ads_channel' },
  { id: -5002, title: 'Чат рекламщиков', username: 'ads_chat', kind: 'group' },
];

describe.each(['preview page', 'bot'] as const)('people looked up through the %s', (via) => {
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeTelegram>>;
  let me: { cookie: string };

  const get = (url: string) => callWith(app, me, 'GET', url);
  const person = (name: string) => get(`/api/employee/searchInTelegram?userName=${encodeURIComponent(name)}`);
  const channel = (name: string) => get(`/api/telegram/channel-info?channelNick=${encodeURIComponent(name)}`);

  beforeAll(async () => {
    fake = await startFakeTelegram(CHATS);
    app = await createTestApp(via === 'bot' ? fake.botEnv : fake.env);
    me = await signInDemo(app, `people-${via === 'bot' ? 'bot' : 'page'}`);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('finds a person by any form of their link, with the picture of their page', async () => {
    for (const link of ['t.me/oleg', '@oleg', 'https://t.me/oleg']) {
      const found = await person(link);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json()).toMatchObject({ name: 'Олег Рекламщик', telegramNickName: 'oleg' });
      expect(found.json().imageLink).toMatch(/\/avatar\/oleg\.svg$/);
    }
    // A person the bot has met is found by the Bot API itself, with their Telegram id.
    expect((await person('@maria_known')).json()).toMatchObject({
      name: 'Мария Знакомая',
      userId: via === 'bot' ? 503 : null,
    });
    const missing = await person('@nobody_here');
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Пользователь не найден']);
  });

  it('never takes a person for a channel, in the lookup or when the channel is added', async () => {
    for (const name of ['@ivan_petrov', 't.me/oleg', 'maria_known']) {
      const refused = await channel(name);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json()).toMatchObject({
        message: NOT_A_CHANNEL,
        fieldErrors: { channelNick: [NOT_A_CHANNEL] },
      });
    }
    const { teamId } = await callerOf(app, me);
    const before = await countRows(app, 'channels', teamId);
    const added = await callWith(app, me, 'POST', '/api/channel', { telegramNickName: '@ivan_petrov' });
    expect([added.statusCode, added.json().fieldErrors]).toEqual([
      400,
      { telegramNickName: [NOT_A_CHANNEL] },
    ]);
    expect(await countRows(app, 'channels', teamId)).toBe(before);
    // Channels and groups are still found as before.
    expect((await channel('@ads_channel')).json()).toMatchObject({ name: 'Канал о рекламе' });
    expect((await channel('@ads_chat')).json()).toMatchObject({ name: 'Чат рекламщиков' });
  });

  it('keeps a link nothing resolves as typed: on a new employee and on a deal contact', async () => {
    const employee = await callWith(app, me, 'POST', '/api/employee', {
      firstName: 'Призрак',
      employeeTelegramInfo: { name: 'Призрак', telegramNickName: 'ghost_person' },
    });
    expect(employee.statusCode, employee.body).toBe(201);
    expect((await get(`/api/employee/${employee.json().id}`)).json()).toMatchObject({
      telegramNickName: 'ghost_person',
      iconLink: null,
    });
    const channels = (await get('/api/channel?limit=1')).json().items as { id: number }[];
    const sale = await callWith(
      app,
      me,
      'POST',
      '/api/sale',
      salePayload(channels[0]?.id ?? 0, {
        contactPerson: { name: 'ghost_person', profileLink: '@ghost_person' },
      }),
    );
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().contactPerson).toMatchObject({
      name: 'ghost_person',
      profileLink: 'https://t.me/ghost_person',
    });
  });
});
