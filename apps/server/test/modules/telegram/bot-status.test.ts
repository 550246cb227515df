import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../../src/db/schema/index.js';
import { startFakeTelegram } from '../../helpers/fake-telegram.js';
import { callerOf } from '../../helpers/team.js';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

type Fake = Awaited<ReturnType<typeof startFakeTelegram>>;

const CHAT = -100_123;

describe('the bot status of a channel, live from my_chat_member', () => {
  let app: FastifyInstance;
  let fake: Fake;
  let teamA: { cookie: string };
  let teamB: { cookie: string };
  const ids: { a: number; b: number } = { a: 0, b: 0 };

  const channelOf = async (team: { cookie: string }, id: number) => {
    const response = await app.inject({ url: `/api/channel/${id}`, headers: team });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  /** Takes the fake's queued updates in and handles them, as the loops would. */
  const deliver = async () => {
    await app.bot.receiveUpdates();
    await app.jobs.runDue();
  };

  beforeAll(async () => {
    fake = await startFakeTelegram([{ id: CHAT, title: 'Наш канал', username: 'our_channel' }]);
    app = await createTestApp({ ...fake.botEnv, BACKGROUND_JOBS: '0' });
    teamA = await signInDemo(app, 'bot-status-a');
    teamB = await signInDemo(app, 'bot-status-b');
    for (const [team, key] of [
      [teamA, 'a'],
      [teamB, 'b'],
    ] as const) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/channel',
        headers: { ...team, ...sameOrigin },
        payload: { telegramNickName: 'our_channel' },
      });
      expect(created.statusCode).toBe(201);
      ids[key] = created.json().id;
    }
    // Team B added it before the bot could see it: known by username only until an update names the chat.
    const b = await callerOf(app, teamB);
    await app.db
      .update(channels)
      .set({ telegramChatId: null })
      .where(and(eq(channels.teamId, b.teamId), eq(channels.id, ids.b)));
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('starts with the bot not seen in the channel', async () => {
    const channel = await channelOf(teamA, ids.a);
    expect(channel).toMatchObject({
      botStatus: null,
      botAdminRights: false,
      botCanInvite: false,
      botAdminSince: null,
    });
  });

  it('marks every team’s channel of the chat when the bot is made an administrator', async () => {
    const at = new Date('2026-03-02T09:15:00Z');
    fake.setMemberCount(CHAT, 1234);
    fake.botAdded(CHAT, { canInvite: true, at });
    await deliver();
    // Its subscribers are counted at once, in one call for both teams, not at the next hourly scan.
    expect(fake.sent('getChatMemberCount')).toEqual([{ chat_id: CHAT }]);
    const subscribers = await app.inject({ url: `/api/channel/${ids.b}/subscribers`, headers: teamB });
    expect(subscribers.json()).toMatchObject({ count: 1234 });
    for (const [team, id] of [
      [teamA, ids.a],
      [teamB, ids.b],
    ] as const) {
      expect(await channelOf(team, id)).toMatchObject({
        botStatus: 'administrator',
        botAdminRights: true,
        botCanInvite: true,
        botAdminSince: at.toISOString(),
      });
    }
    const b = await callerOf(app, teamB);
    const [row] = await app.db
      .select({ chatId: channels.telegramChatId, checkedAt: channels.botCheckedAt })
      .from(channels)
      .where(and(eq(channels.teamId, b.teamId), eq(channels.id, ids.b)));
    expect(row?.chatId).toBe(CHAT);
    expect(row?.checkedAt).not.toBeNull();
    // The list shows the same.
    const list = (await app.inject({ url: '/api/channel', headers: teamA })).json();
    expect(list.items.find((c: { id: number }) => c.id === ids.a)).toMatchObject({
      botStatus: 'administrator',
      botCanInvite: true,
    });
  });

  it('keeps the time it became an administrator when only its rights change', async () => {
    fake.botAdded(CHAT, { canInvite: false, at: new Date('2026-03-03T10:00:00Z') });
    await deliver();
    expect(await channelOf(teamA, ids.a)).toMatchObject({
      botStatus: 'administrator',
      botAdminRights: true,
      botCanInvite: false,
      botAdminSince: '2026-03-02T09:15:00.000Z',
    });
  });

  it('says the bot was removed, in every team', async () => {
    fake.botRemoved(CHAT);
    await deliver();
    for (const [team, id] of [
      [teamA, ids.a],
      [teamB, ids.b],
    ] as const) {
      expect(await channelOf(team, id)).toMatchObject({
        botStatus: 'left',
        botAdminRights: false,
        botCanInvite: false,
        botAdminSince: null,
      });
    }
  });

  it('writes the same fields from the periodic getChatMember check', async () => {
    const a = await callerOf(app, teamA);
    // Telegram says the bot is an administrator again, but no update came: the check a minute later finds it.
    fake.botAdded(CHAT, { canInvite: true });
    await app.db
      .update(channels)
      .set({ botCheckedAt: new Date(Date.now() - 120_000) })
      .where(and(eq(channels.teamId, a.teamId), eq(channels.id, ids.a)));
    const before = fake.sent('getChatMember').length;
    expect(await channelOf(teamA, ids.a)).toMatchObject({
      botStatus: 'administrator',
      botAdminRights: true,
      botCanInvite: true,
    });
    expect(fake.sent('getChatMember').length).toBe(before + 1);
    expect((await channelOf(teamA, ids.a)).botAdminSince).not.toBeNull();
  });
});
