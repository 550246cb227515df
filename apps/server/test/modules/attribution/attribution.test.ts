import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ChatMemberUpdated } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelMembers, channels, deals, jobs } from '../../../src/db/schema/index.js';
import type { JobContext } from '../../../src/jobs/queue.js';
import { recordMembership } from '../../../src/modules/attribution/attribution.members.js';
import { type FakeUser, startFakeTelegram } from '../../helpers/fake-telegram.js';
import { createTestApp, sameOrigin } from '../../helpers/test-app.js';
import { signInWith } from '../../helpers/users.js';

type Headers = { cookie: string };
type Fake = Awaited<ReturnType<typeof startFakeTelegram>>;

const GROWN = { id: -100501, title: 'Растущий канал', username: 'growing_channel' };
const NO_RIGHT = { id: -100502, title: 'Канал без права', username: 'no_right_channel' };
const NO_BOT = { id: -100503, title: 'Канал без бота', username: 'no_bot_channel' };
const OTHER = { id: -100504, title: 'Другой канал', username: 'other_channel' };

const anna: FakeUser = { id: 501, first_name: 'Анна', username: 'anna' };
const boris: FakeUser = { id: 502, first_name: 'Борис', last_name: 'Петров' };
const vera: FakeUser = { id: 503, first_name: 'Вера', username: 'vera_v' };
const organic: FakeUser = { id: 504, first_name: 'Гость' };

/** A clock the test moves: retention is counted as of it. */
let now = new Date('2026-03-30T00:00:00Z');

describe('invite links and attribution of purchases', () => {
  let app: FastifyInstance;
  let fake: Fake;
  let mine: Headers;
  let theirs: Headers;
  let teamId: number;
  const channelIds: Record<string, number> = {};

  /** Takes what the fake Telegram has queued through getUpdates and handles it. */
  const deliver = async () => {
    await app.bot.receiveUpdates();
    await app.jobs.runDue();
  };
  const send = (
    headers: Headers,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers: { ...headers, ...sameOrigin }, ...(payload ? { payload } : {}) });
  const attribution = async (id: number, headers = mine) => {
    const response = await send(headers, 'GET', `/api/purchase/${id}/attribution`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const botCalls = (method: string) => fake.state.botCalls.filter((call) => call.method === method);

  async function purchase(channel: string, price = 12500.5, external = 'Канал продавца') {
    const response = await send(mine, 'POST', '/api/purchase', {
      accommodationCondition: { accommodationTime: '2026-03-25T15:30:00+01:00' },
      advertisementFormatId: 1,
      channelId: channelIds[channel],
      price,
      purchaseDate: '2026-03-24',
      externalChannel: { name: external },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as number;
    await app.jobs.runDue();
    return id;
  }

  beforeAll(async () => {
    fake = await startFakeTelegram([GROWN, NO_RIGHT, NO_BOT, OTHER]);
    app = await createTestApp({ ...fake.botEnv, BACKGROUND_JOBS: '0' }, { clock: () => now });
    const me = await signInWith(app, 'attribution-mine');
    const them = await signInWith(app, 'attribution-theirs');
    mine = me.headers;
    theirs = them.headers;
    teamId = me.member.teamId;
    // A team with Daylight Saving Time: its days are 23 and 25 hours long twice a year.
    expect((await send(mine, 'PATCH', '/api/settings', { timeZone: 'Europe/Berlin' })).statusCode).toBe(200);
    for (const chat of [GROWN, NO_RIGHT, NO_BOT, OTHER]) {
      const [row] = await app.db
        .insert(channels)
        .values({
          teamId,
          name: chat.title,
          telegramNickName: chat.username,
          telegramChatId: chat.id,
          ownerEmployeeId: me.member.employeeId,
        })
        .returning({ id: channels.id });
      channelIds[chat.username] = row?.id ?? 0;
    }
    fake.botAdded(GROWN.id);
    fake.botAdded(OTHER.id);
    fake.botAdded(NO_RIGHT.id, { canInvite: false });
    await deliver();
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  let grown: number;
  let link: string;

  it('makes a named invite link when a purchase is created in a channel where the bot may invite', async () => {
    const before = botCalls('createChatInviteLink').length;
    grown = await purchase(GROWN.username, 12500.5, 'Очень длинное имя канала продавца 🚀');
    const made = botCalls('createChatInviteLink').slice(before);
    expect(made).toHaveLength(1);
    const name = String(made[0]?.params.name);
    expect(name.length).toBeLessThanOrEqual(32);
    expect(name.startsWith(`Закупка №${grown} · Очень`)).toBe(true);
    expect(name.endsWith('…')).toBe(true);
    expect(made[0]?.params.chat_id).toBe(GROWN.id);
    const shown = await attribution(grown);
    link = shown.inviteLink;
    expect(shown).toEqual({
      inviteLink: expect.stringMatching(/^https:\/\/t\.me\/\+/),
      revokedAt: null,
      blocker: null,
      joined: 0,
      left: 0,
      remaining: 0,
      costPerSubscriber: null,
      costPerRemaining: null,
      retention24h: null,
      retention7d: null,
      byDay: [],
    });
  });

  it('makes none where the bot cannot, says why, and makes it by «Создать ссылку» once the bot can', async () => {
    const before = botCalls('createChatInviteLink').length;
    const noRight = await purchase(NO_RIGHT.username);
    const noBot = await purchase(NO_BOT.username);
    expect(botCalls('createChatInviteLink').length).toBe(before);
    expect(await attribution(noRight)).toMatchObject({
      inviteLink: null,
      blocker: 'NO_INVITE_RIGHT',
      joined: null,
    });
    expect(await attribution(noBot)).toMatchObject({
      inviteLink: null,
      blocker: 'BOT_NOT_ADMIN',
      joined: null,
    });

    const refusedRight = await send(mine, 'POST', `/api/purchase/${noRight}/invite-link`);
    expect(refusedRight.statusCode).toBe(400);
    expect(refusedRight.json().message).toBe(
      'Дайте боту в канале «Канал без права» право приглашать подписчиков, чтобы создать ссылку',
    );
    const refusedAdmin = await send(mine, 'POST', `/api/purchase/${noBot}/invite-link`);
    expect(refusedAdmin.statusCode).toBe(400);
    expect(refusedAdmin.json().message).toBe(
      'Сделайте бота администратором канала «Канал без бота», чтобы создать ссылку',
    );

    fake.botAdded(NO_RIGHT.id, { canInvite: true });
    await deliver();
    const made = await send(mine, 'POST', `/api/purchase/${noRight}/invite-link`);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      inviteLink: expect.stringMatching(/^https:\/\/t\.me\/\+/),
      blocker: null,
    });
    // A second tap answers the same link and asks Telegram for nothing.
    const calls = botCalls('createChatInviteLink').length;
    const again = await send(mine, 'POST', `/api/purchase/${noRight}/invite-link`);
    expect(again.json().inviteLink).toBe(made.json().inviteLink);
    expect(botCalls('createChatInviteLink').length).toBe(calls);
  });

  it('answers 502 with Telegram’s message when Telegram does not answer, and keeps no link', async () => {
    const id = await purchase(NO_BOT.username);
    fake.botAdded(NO_BOT.id);
    await deliver();
    fake.state.mode = 'down';
    try {
      const response = await send(mine, 'POST', `/api/purchase/${id}/invite-link`);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/^Telegram сейчас не отвечает/);
    } finally {
      fake.state.mode = 'up';
    }
    expect((await attribution(id)).inviteLink).toBeNull();
  });

  it('tries a new purchase’s link again later when Telegram did not answer at first', async () => {
    fake.state.mode = 'down';
    let id: number;
    try {
      id = await purchase(OTHER.username);
    } finally {
      fake.state.mode = 'up';
    }
    expect((await attribution(id)).inviteLink).toBeNull();
    const before = now;
    now = new Date(before.getTime() + 60_000);
    try {
      await app.jobs.runDue();
    } finally {
      now = before;
    }
    expect((await attribution(id)).inviteLink).toMatch(/^https:\/\/t\.me\/\+/);
  });

  it('counts three joins through the link, leaves an organic join out, and one leave; the figures follow', async () => {
    // Across the night Berlin moves its clocks forward (29 March 2026, 02:00 -> 03:00).
    fake.join(GROWN.id, anna, { inviteLink: link, at: new Date('2026-03-28T23:30:00Z') }); // 29.03 00:30 CET
    fake.join(GROWN.id, boris, { inviteLink: link, at: new Date('2026-03-29T21:30:00Z') }); // 29.03 23:30 CEST
    fake.join(GROWN.id, vera, { inviteLink: link, at: new Date('2026-03-29T22:30:00Z') }); // 30.03 00:30 CEST
    fake.join(GROWN.id, organic, { at: new Date('2026-03-29T12:00:00Z') });
    fake.leave(GROWN.id, anna, { at: new Date('2026-03-29T10:00:00Z') });
    await deliver();

    const shown = await attribution(grown);
    expect(shown).toMatchObject({
      inviteLink: link,
      joined: 3,
      left: 1,
      remaining: 2,
      costPerSubscriber: 4166.83,
      costPerRemaining: 6250.25,
      byDay: [
        { day: '2026-03-29', joined: 2, left: 1 },
        { day: '2026-03-30', joined: 1, left: 0 },
      ],
    });
    const organicRows = await app.db
      .select({ id: channelMembers.id })
      .from(channelMembers)
      .where(
        and(
          eq(channelMembers.teamId, teamId),
          eq(channelMembers.telegramUserId, organic.id),
          isNull(channelMembers.dealId),
        ),
      );
    expect(organicRows).toHaveLength(1);
  });

  it('counts nothing twice: a repeated join, a leave of someone never seen joining, a bot', async () => {
    fake.join(GROWN.id, boris, { inviteLink: link, at: new Date('2026-03-29T23:00:00Z') });
    fake.leave(GROWN.id, { id: 599, first_name: 'Незнакомец' }, { at: new Date('2026-03-29T23:10:00Z') });
    fake.queueUpdate({
      chat_member: {
        chat: { id: GROWN.id, type: 'channel', title: GROWN.title, username: GROWN.username },
        from: { id: 1, is_bot: false, first_name: 'Владелец' },
        date: Math.floor(Date.parse('2026-03-29T23:20:00Z') / 1000),
        old_chat_member: { status: 'left', user: { id: 600, is_bot: true, first_name: 'Другой бот' } },
        new_chat_member: { status: 'member', user: { id: 600, is_bot: true, first_name: 'Другой бот' } },
        invite_link: { invite_link: link, creator: { id: 777, is_bot: true, first_name: 'AdDesk' } },
      },
    });
    await deliver();
    expect(await attribution(grown)).toMatchObject({ joined: 3, left: 1, remaining: 2 });
  });

  it('shares still subscribed 24 hours and 7 days after joining, as of the server’s clock', async () => {
    // Only Anna is 24 hours old, and she left within them; nobody is 7 days old.
    expect(await attribution(grown)).toMatchObject({ retention24h: 0, retention7d: null });
    now = new Date('2026-03-31T00:00:00Z');
    expect(await attribution(grown)).toMatchObject({ retention24h: 2 / 3, retention7d: null });
    // Boris leaves three days after joining: he stayed 24 hours, not 7 days.
    fake.leave(GROWN.id, boris, { at: new Date('2026-04-01T21:30:00Z') });
    await deliver();
    // Anna and Boris are 7 days old, Vera not yet; neither of the two stayed 7 days.
    now = new Date('2026-04-05T22:00:00Z');
    expect(await attribution(grown)).toMatchObject({ retention24h: 2 / 3, retention7d: 0 });
    now = new Date('2026-04-07T00:00:00Z');
    expect(await attribution(grown)).toMatchObject({
      joined: 3,
      left: 2,
      remaining: 1,
      retention24h: 2 / 3,
      retention7d: 1 / 3,
      costPerRemaining: 12500.5,
    });
  });

  it('gives the log as CSV: who, joined, left in the team’s zone, newest first', async () => {
    const response = await send(mine, 'GET', `/api/purchase/${grown}/subscribers.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="podpischiki-zakupki-${grown}.csv"; ` +
        `filename*=UTF-8''${encodeURIComponent(`Подписчики закупки-${grown}.csv`)}`,
    );
    expect(response.body).toBe(
      // A username starts with '@', which a spreadsheet would read as a formula: the export's apostrophe keeps it text.
      "\uFEFFКто;Вступил;Вышел\r\n'@vera_v;30.03.2026 00:30;\r\n" +
        'Борис Петров;29.03.2026 23:30;01.04.2026 23:30\r\n' +
        "'@anna;29.03.2026 00:30;29.03.2026 12:00\r\n",
    );
  });

  it('revokes the link when the purchase is cancelled, keeps the figures, and makes a new one when it is back', async () => {
    const version = (await send(mine, 'GET', `/api/purchase/${grown}`)).json().version;
    const cancelled = await send(mine, 'PATCH', `/api/purchase/${grown}`, { version, statusId: 16 });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await app.jobs.runDue();
    expect(botCalls('revokeChatInviteLink').map((call) => call.params)).toContainEqual({
      chat_id: GROWN.id,
      invite_link: link,
    });
    const shown = await attribution(grown);
    expect(shown).toMatchObject({ inviteLink: link, blocker: 'CANCELLED', joined: 3, left: 2 });
    expect(shown.revokedAt).not.toBeNull();
    const refused = await send(mine, 'POST', `/api/purchase/${grown}/invite-link`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Закупка отменена. Смените её статус, чтобы создать ссылку');

    const back = await send(mine, 'PATCH', `/api/purchase/${grown}`, { version: version + 1, statusId: 14 });
    expect(back.statusCode, back.body).toBe(200);
    expect(await attribution(grown)).toMatchObject({ inviteLink: link, blocker: null });
    const renewed = await send(mine, 'POST', `/api/purchase/${grown}/invite-link`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ revokedAt: null, joined: 3, left: 2 });
    expect(renewed.json().inviteLink).not.toBe(link);
    link = renewed.json().inviteLink;
  });

  it('revokes the link when the purchase is deleted; a restored one keeps it revoked until «Создать ссылку»', async () => {
    expect((await send(mine, 'DELETE', `/api/purchase/${grown}`)).statusCode).toBe(204);
    await app.jobs.runDue();
    expect(botCalls('revokeChatInviteLink').map((call) => call.params)).toContainEqual({
      chat_id: GROWN.id,
      invite_link: link,
    });
    expect((await send(mine, 'GET', `/api/purchase/${grown}/attribution`)).statusCode).toBe(404);
    expect((await send(mine, 'POST', `/api/purchase/${grown}/restore`)).statusCode).toBe(200);
    const restored = await attribution(grown);
    expect(restored).toMatchObject({ inviteLink: link, blocker: null, joined: 3 });
    expect(restored.revokedAt).not.toBeNull();
  });

  it('revokes the link when the purchase moves to another channel', async () => {
    const id = await purchase(OTHER.username);
    const moved = (await attribution(id)).inviteLink;
    const version = (await send(mine, 'GET', `/api/purchase/${id}`)).json().version;
    const response = await send(mine, 'PATCH', `/api/purchase/${id}`, {
      version,
      channelId: channelIds[GROWN.username],
    });
    expect(response.statusCode, response.body).toBe(200);
    await app.jobs.runDue();
    expect(botCalls('revokeChatInviteLink').map((call) => call.params)).toContainEqual({
      chat_id: OTHER.id,
      invite_link: moved,
    });
    const made = await send(mine, 'POST', `/api/purchase/${id}/invite-link`);
    expect(made.statusCode, made.body).toBe(200);
    expect(botCalls('createChatInviteLink').at(-1)?.params.chat_id).toBe(GROWN.id);
  });

  it('keeps one live link when its job and two taps make it at once, and revokes the others in Telegram', async () => {
    const response = await send(mine, 'POST', '/api/purchase', {
      accommodationCondition: { accommodationTime: '2026-03-25T15:30:00+01:00' },
      advertisementFormatId: 1,
      channelId: channelIds[GROWN.username],
      price: 300,
      purchaseDate: '2026-03-24',
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as number;
    const made = botCalls('createChatInviteLink').length;
    const revoked = botCalls('revokeChatInviteLink').length;
    const [first, second] = await Promise.all([
      send(mine, 'POST', `/api/purchase/${id}/invite-link`),
      send(mine, 'POST', `/api/purchase/${id}/invite-link`),
      app.jobs.runDue(),
    ]);
    const live = (await attribution(id)).inviteLink;
    expect([first.json().inviteLink, second.json().inviteLink]).toEqual([live, live]);
    const tries = botCalls('createChatInviteLink').length - made;
    expect(tries).toBeGreaterThanOrEqual(1);
    const undone = botCalls('revokeChatInviteLink')
      .slice(revoked)
      .map((call) => call.params.invite_link);
    expect(undone).toHaveLength(tries - 1);
    expect(undone).not.toContain(live);
  });

  it('answers 404 on all three calls for another team’s purchase, a sale and a missing id', async () => {
    const [sale] = await app.db
      .insert(deals)
      .values({
        teamId,
        kind: 'sale',
        channelId: channelIds[GROWN.username] ?? 0,
        statusId: 1,
        placementAt: new Date('2026-03-25T12:00:00Z'),
        durationType: 'INFINITY',
        price: '100',
        dealDate: '2026-03-24',
      })
      .returning({ id: deals.id });
    const cases: [Headers, number][] = [
      [theirs, grown],
      [mine, sale?.id ?? 0],
      [mine, 999_999],
    ];
    for (const [headers, id] of cases) {
      for (const [method, url] of [
        ['GET', `/api/purchase/${id}/attribution`],
        ['POST', `/api/purchase/${id}/invite-link`],
        ['GET', `/api/purchase/${id}/subscribers.csv`],
      ] as const) {
        const response = await send(headers, method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Закупка не найдена' });
      }
    }
  });

  it('keeps a purchase’s counts equal to a recount under concurrent joins and leaves', async () => {
    const id = await purchase(GROWN.username, 1000, 'Параллельный');
    const own = String((await attribution(id)).inviteLink);
    const ctx: JobContext = {
      db: app.db,
      telegram: app.telegram,
      config: app.config,
      log: app.log,
      now: app.clock,
    };
    const at = Math.floor(Date.parse('2026-04-06T10:00:00Z') / 1000);
    /** The chat_member update of a join (through our link) or a leave, as Telegram sends it. */
    const update = (person: number, joins: boolean, date: number): ChatMemberUpdated => {
      const user = { id: person, is_bot: false, first_name: `Участник ${person}` };
      return {
        chat: { id: GROWN.id, type: 'channel', title: GROWN.title, username: GROWN.username },
        from: user,
        date,
        old_chat_member: joins ? { status: 'left', user } : { status: 'member', user },
        new_chat_member: joins ? { status: 'member', user } : { status: 'left', user },
        ...(joins
          ? {
              invite_link: {
                invite_link: own,
                creator: { id: 777, is_bot: true, first_name: 'AdDesk' },
                creates_join_request: false,
                is_primary: false,
                is_revoked: false,
              },
            }
          : {}),
      };
    };
    const people = Array.from({ length: 12 }, (_, i) => 9000 + i);
    // Every join twice at once (the same event delivered twice), all of them at the same moment.
    await Promise.all(
      people.flatMap((person) =>
        [true, true].map((joins) => recordMembership(ctx, update(person, joins, at))),
      ),
    );
    // Then five leave, each twice, while four more join.
    await Promise.all([
      ...people
        .slice(0, 5)
        .flatMap((person) => [1, 2].map(() => recordMembership(ctx, update(person, false, at + 60)))),
      ...[9100, 9101, 9102, 9103].map((person) => recordMembership(ctx, update(person, true, at + 60))),
    ]);
    const [recount] = await app.db
      .select({
        joined: sql<number>`count(*)::int`,
        left: sql<number>`count(${channelMembers.leftAt})::int`,
      })
      .from(channelMembers)
      .where(and(eq(channelMembers.teamId, teamId), eq(channelMembers.dealId, id)));
    expect(recount).toEqual({ joined: 16, left: 5 });
    expect(await attribution(id)).toMatchObject({ joined: 16, left: 5, remaining: 11 });
  });
});

describe('invite links on a server without a bot', () => {
  it('says NO_BOT, refuses «Создать ссылку» with 400 and enqueues nothing', async () => {
    const app = await createTestApp({ TELEGRAM_PREVIEW_ROOT: 'http://127.0.0.1:9', BACKGROUND_JOBS: '0' });
    try {
      const { member, headers } = await signInWith(app, 'attribution-no-bot');
      const [channel] = await app.db
        .insert(channels)
        .values({
          teamId: member.teamId,
          name: 'Канал',
          telegramNickName: 'some_channel',
          ownerEmployeeId: member.employeeId,
        })
        .returning({ id: channels.id });
      const created = await app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: { ...headers, ...sameOrigin },
        payload: {
          accommodationCondition: { accommodationTime: '2026-03-25T15:30:00+03:00' },
          advertisementFormatId: 1,
          channelId: channel?.id,
          price: 500,
          purchaseDate: '2026-03-24',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id;
      const queued = await app.db
        .select({ kind: jobs.kind })
        .from(jobs)
        .where(like(jobs.kind, 'invite-link.%'));
      expect(queued).toEqual([]);
      const shown = await app.inject({ url: `/api/purchase/${id}/attribution`, headers });
      expect(shown.json()).toMatchObject({ inviteLink: null, blocker: 'NO_BOT', joined: null, byDay: [] });
      const refused = await app.inject({
        method: 'POST',
        url: `/api/purchase/${id}/invite-link`,
        headers: { ...headers, ...sameOrigin },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'Бот Telegram не подключён к AdDesk на этом сервере, поэтому ссылку создать нельзя',
      );
    } finally {
      await app.close();
    }
  });
});
