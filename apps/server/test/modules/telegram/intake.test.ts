import { createHmac } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/client.js';
import { botPolling, channelMembers, channels, jobs } from '../../../src/db/schema/index.js';
import { POLLING_LEASE_MS } from '../../../src/modules/telegram/intake.js';
import { type FakeUser, startFakeTelegram } from '../../helpers/fake-telegram.js';
import { sharedDatabase } from '../../helpers/shared-database.js';
import { callerOf } from '../../helpers/team.js';
import { createTestApp, sameOrigin, signInDemo, testConfig } from '../../helpers/test-app.js';

type Fake = Awaited<ReturnType<typeof startFakeTelegram>>;

const CHAT = -100_555;
const ANNA: FakeUser = { id: 501, first_name: 'Анна', username: 'anna' };
const BORIS: FakeUser = { id: 502, first_name: 'Борис' };
const VERA: FakeUser = { id: 503, first_name: 'Вера' };

let fake: Fake;
beforeAll(async () => {
  fake = await startFakeTelegram([{ id: CHAT, title: 'Канал', username: 'intake_channel' }]);
});
afterAll(() => fake.close());

const updateJobs = (app: FastifyInstance) =>
  app.db.select().from(jobs).where(eq(jobs.kind, 'telegram-update')).orderBy(asc(jobs.id));

async function addChannel(app: FastifyInstance, key: string) {
  const team = await signInDemo(app, key);
  const created = await app.inject({
    method: 'POST',
    url: '/api/channel',
    headers: { ...team, ...sameOrigin },
    payload: { telegramNickName: 'intake_channel' },
  });
  expect(created.statusCode).toBe(201);
  return { ...(await callerOf(app, team)), channelId: created.json().id as number };
}

describe('long polling', () => {
  const opened: FastifyInstance[] = [];
  const open = async (database: Database, env: Record<string, string> = {}, clock?: () => Date) => {
    const app = await buildApp({
      config: testConfig({ ...fake.botEnv, BACKGROUND_JOBS: '0', ...env }),
      database,
      webRoot: false,
      ...(clock ? { clock } : {}),
    });
    await app.ready();
    opened.push(app);
    return app;
  };
  afterEach(async () => {
    for (const app of opened.splice(0)) await app.close();
    // Acknowledges whatever a test left queued, as the next test starts from a new database and offset 0.
    await fetch(`${fake.botEnv.TELEGRAM_API_ROOT}/bot${fake.botEnv.TELEGRAM_BOT_TOKEN}/getUpdates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offset: 1e9 }),
    });
    fake.state.botCalls = [];
  });

  it('stores updates before acknowledging them: a restart loses none and handles none twice', async () => {
    const { first, second } = await sharedDatabase();
    const before = await open(first);
    const { teamId, channelId } = await addChannel(before, 'intake-restart');
    fake.botAdded(CHAT);
    fake.join(CHAT, ANNA);
    fake.join(CHAT, BORIS);

    expect(await before.bot.receiveUpdates()).toBe(3);
    // Stored, not yet acknowledged: Telegram still holds them until the next getUpdates names the offset.
    expect(fake.pending()).toBe(3);
    expect(fake.sent('getUpdates')[0]).toMatchObject({
      offset: 0,
      timeout: 0,
      allowed_updates: ['message', 'my_chat_member', 'chat_member', 'channel_post', 'edited_channel_post'],
    });
    await before.jobs.runDue();
    expect((await updateJobs(before)).map((job) => job.doneAt !== null)).toEqual([true, true, true]);
    fake.leave(CHAT, ANNA);
    fake.join(CHAT, VERA);
    // This round acknowledges the first three and stores the next two; the process then stops before handling them.
    expect(await before.bot.receiveUpdates()).toBe(2);
    expect(fake.pending()).toBe(2);
    await before.close();

    const after = await open(second);
    expect(await after.bot.receiveUpdates()).toBe(0);
    expect(fake.pending()).toBe(0);
    expect(fake.sent('getUpdates').at(-1)?.offset).toBe(Number((await updateJobs(after)).at(-1)?.key) + 1);
    await after.jobs.runDue();

    // Telegram sends an update again that was already stored: the same job, not handled again.
    const stored = await updateJobs(after);
    expect(stored).toHaveLength(5);
    fake.queueUpdate(stored[1]?.payload as Record<string, unknown>);
    await after.db.update(botPolling).set({ nextOffset: 0 });
    expect(await after.bot.receiveUpdates()).toBe(1);
    await after.jobs.runDue();

    const again = await updateJobs(after);
    expect(again).toHaveLength(5);
    expect(again.every((job) => job.doneAt !== null && job.attempts === 1)).toBe(true);
    const members = await after.db
      .select({ user: channelMembers.telegramUserId, leftAt: channelMembers.leftAt })
      .from(channelMembers)
      .where(eq(channelMembers.teamId, teamId))
      .orderBy(asc(channelMembers.telegramUserId));
    expect(members.map((m) => [m.user, m.leftAt !== null])).toEqual([
      [ANNA.id, true],
      [BORIS.id, false],
      [VERA.id, false],
    ]);
    const [channel] = await after.db
      .select({ botStatus: channels.botStatus })
      .from(channels)
      .where(and(eq(channels.teamId, teamId), eq(channels.id, channelId)));
    expect(channel?.botStatus).toBe('administrator');
  });

  it('lets one process poll at a time (the lease), and another take over when it lapses', async () => {
    const { first, second } = await sharedDatabase();
    let later = 0;
    const one = await open(first);
    const two = await open(second, {}, () => new Date(Date.now() + later));
    fake.join(CHAT, { id: 601, first_name: 'Гриша' });
    expect(await one.bot.receiveUpdates()).toBe(1);
    expect(await two.bot.receiveUpdates()).toBe(0);
    expect(fake.sent('getUpdates')).toHaveLength(1);
    // The first process renews its lease with every round; it stops (crashes) and the lease runs out.
    later = POLLING_LEASE_MS + 1000;
    fake.join(CHAT, { id: 602, first_name: 'Даша' });
    expect(await two.bot.receiveUpdates()).toBe(1);
    expect(await one.bot.receiveUpdates()).toBe(0);
    expect(fake.sent('getUpdates')).toHaveLength(2);
    expect(fake.pending()).toBe(1);
  });

  it('gives the lease up on close, so a new process polls at once', async () => {
    const { first, second } = await sharedDatabase();
    const one = await open(first);
    await one.bot.receiveUpdates();
    await one.close();
    const two = await open(second);
    fake.join(CHAT, { id: 603, first_name: 'Ефим' });
    expect(await two.bot.receiveUpdates()).toBeGreaterThan(0);
  });

  it('runs by itself: the loops poll, store and handle an update within seconds, and close cleanly', async () => {
    const app = await createTestApp({ ...fake.botEnv, BACKGROUND_JOBS: '1' });
    opened.push(app);
    const { teamId, channelId } = await addChannel(app, 'intake-loop');
    // A webhook left from an earlier run would make getUpdates fail.
    await vi.waitFor(() => expect(fake.sent('deleteWebhook').length).toBeGreaterThan(0));
    fake.botAdded(CHAT, { canInvite: true });
    await vi.waitFor(
      async () => {
        const [row] = await app.db
          .select({ botCanInvite: channels.botCanInvite })
          .from(channels)
          .where(and(eq(channels.teamId, teamId), eq(channels.id, channelId)));
        expect(row?.botCanInvite).toBe(true);
      },
      // A call timed out while PGlite held the event loop is tried again after a second.
      { timeout: 15_000, interval: 100 },
    );
    const polls = fake.sent('getUpdates');
    expect(polls.at(-1)).toMatchObject({ timeout: 25 });
    await app.close();
    opened.pop();
  });
});

describe('webhook', () => {
  const HTTPS_URL = 'https://addesk.example';
  const lines: string[] = [];
  let app: FastifyInstance;
  const secret = createHmac('sha256', fake?.botEnv.TELEGRAM_BOT_TOKEN ?? '123:TEST')
    .update('addesk telegram webhook')
    .digest('hex');
  const post = (update: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/telegram/webhook', headers, payload: update as object });
  const update = (id: number) => ({
    update_id: id,
    message: {
      message_id: id,
      date: 1_770_000_000,
      chat: { id: 42, type: 'private', first_name: 'Анна' },
      from: { id: 42, is_bot: false, first_name: 'Анна' },
      text: 'привет',
    },
  });

  beforeAll(async () => {
    app = await createTestApp(
      { ...fake.botEnv, TELEGRAM_WEBHOOK: '1', PUBLIC_URL: HTTPS_URL, LOG_LEVEL: 'debug' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(() => app.close());

  it('is set at start with the secret derived from the token and the updates the bot needs', async () => {
    await vi.waitFor(() => expect(fake.sent('setWebhook').length).toBeGreaterThan(0));
    expect(fake.sent('setWebhook').at(-1)).toEqual({
      url: `${HTTPS_URL}/api/telegram/webhook`,
      secret_token: secret,
      allowed_updates: ['message', 'my_chat_member', 'chat_member', 'channel_post', 'edited_channel_post'],
    });
    expect(fake.sent('getUpdates')).toHaveLength(0);
  });

  it('refuses an update without the secret or with a wrong one, and stores nothing', async () => {
    const missing = await post(update(9001));
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('UNAUTHENTICATED');
    const wrong = await post(update(9001), { 'x-telegram-bot-api-secret-token': `${secret.slice(0, -1)}0` });
    expect(wrong.statusCode).toBe(401);
    const short = await post(update(9001), { 'x-telegram-bot-api-secret-token': 'x' });
    expect(short.statusCode).toBe(401);
    expect(await updateJobs(app)).toHaveLength(0);
  });

  it('stores an update before answering 200, and the same update delivered twice once', async () => {
    const headers = { 'x-telegram-bot-api-secret-token': secret };
    expect((await post(update(9002), headers)).statusCode).toBe(200);
    expect((await updateJobs(app)).map((j) => j.key)).toEqual(['9002']);
    // Telegram retries when our answer did not reach it; from another site's page it would carry an Origin.
    expect((await post(update(9002), headers)).statusCode).toBe(200);
    expect(await updateJobs(app)).toHaveLength(1);
    expect((await post({ nothing: true }, headers)).statusCode).toBe(400);
  });

  it('logs neither the token nor the secret', () => {
    const log = lines.join('\n');
    expect(log).toContain('/api/telegram/webhook');
    expect(log).not.toContain(fake.botEnv.TELEGRAM_BOT_TOKEN);
    expect(log).not.toContain(secret);
  });
});

describe('without a bot token', () => {
  it('polls nothing and calls no Bot API, has no webhook route, and still runs the jobs (the post watcher needs no bot)', async () => {
    fake.state.botCalls = [];
    const app = await createTestApp({ ...fake.env, BACKGROUND_JOBS: '1', TELEGRAM_WEBHOOK: '1' });
    try {
      await app.db.insert(jobs).values({ kind: 'jobs-cleanup', key: 'by-hand' });
      await expect
        .poll(async () => (await app.db.select().from(jobs).where(eq(jobs.key, 'by-hand')))[0]?.doneAt, {
          timeout: 5000,
        })
        .not.toBeNull();
      expect(fake.state.botCalls).toEqual([]);
      expect(await app.bot.receiveUpdates()).toBe(0);
      const webhook = await app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        payload: { update_id: 1 },
      });
      expect(webhook.statusCode).toBe(404);
      expect(fake.state.botCalls).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
