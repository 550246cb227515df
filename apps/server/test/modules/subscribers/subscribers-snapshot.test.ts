import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { jobs } from '../../../src/db/schema/index.js';
import type { JobContext } from '../../../src/jobs/queue.js';
import { countChatJob } from '../../../src/modules/subscribers/subscribers.jobs.js';
import { type FakeChat, startFakeTelegram } from '../../helpers/fake-telegram.js';
import { sharedDatabase } from '../../helpers/shared-database.js';
import { createTestApp, testConfig } from '../../helpers/test-app.js';
import { snapshotsOf, teamIn, watchedChannel } from './watched-channel.js';

const chat = (id: number, username: string, memberCount: number): FakeChat => ({
  id,
  title: username,
  username,
  botIsAdmin: true,
  botCanInvite: true,
  memberCount,
});
const DAILY = chat(-1001, 'daily', 1000);
const SHARED = chat(-1002, 'shared', 5000);
const OTHER = chat(-1003, 'other', 300);
const ZONES = chat(-1004, 'zones', 7000);
const TWICE = chat(-1005, 'twice', 42);
const FLAKY = chat(-1006, 'flaky', 900);
/** A chat Telegram does not know (the bot was removed and the update lost): refused with 400. */
const GONE = chat(-1099, 'gone', 0);

type Fake = Awaited<ReturnType<typeof startFakeTelegram>>;
let fake: Fake;
let app: FastifyInstance;
let now = new Date('2026-03-02T09:00:00Z');
const clock = () => now;

beforeAll(async () => {
  fake = await startFakeTelegram([DAILY, SHARED, OTHER, ZONES, TWICE, FLAKY]);
  app = await createTestApp({ ...fake.botEnv, BACKGROUND_JOBS: '0' }, { clock });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const countsOf = (chatId: number) =>
  fake.sent('getChatMemberCount').filter((params) => Number(params.chat_id) === chatId).length;

describe('the daily subscriber snapshot', () => {
  it('counts a watched channel once on each of the team’s days, whenever and however often the job runs', async () => {
    now = new Date('2026-03-02T09:00:00Z');
    const team = await teamIn(app, 'daily', 'Europe/Moscow');
    const channel = await watchedChannel(app, team, DAILY);
    await app.jobs.runDue();
    expect(await snapshotsOf(app, team, channel)).toEqual([['2026-03-02', 1000]]);

    fake.setMemberCount(DAILY.id, 1010);
    now = new Date('2026-03-02T20:59:00Z'); // 23:59 in Moscow
    await app.jobs.runDue();
    expect(await snapshotsOf(app, team, channel)).toEqual([['2026-03-02', 1000]]);
    expect(countsOf(DAILY.id)).toBe(1);

    now = new Date('2026-03-02T21:05:00Z'); // 00:05 on the 3rd in Moscow
    await app.jobs.runDue();
    now = new Date('2026-03-03T08:00:00Z');
    await app.jobs.runDue();
    expect(await snapshotsOf(app, team, channel)).toEqual([
      ['2026-03-02', 1000],
      ['2026-03-03', 1010],
    ]);
    expect(countsOf(DAILY.id)).toBe(2);
  });

  it('asks Telegram once for a chat several teams added, and skips archived channels and chats the bot does not administer', async () => {
    now = new Date('2026-04-10T09:00:00Z');
    const first = await teamIn(app, 'shared-1', 'Europe/Moscow');
    const second = await teamIn(app, 'shared-2', 'Europe/Moscow');
    const firstChannel = await watchedChannel(app, first, SHARED);
    const secondChannel = await watchedChannel(app, second, SHARED);
    const archived = await watchedChannel(app, first, OTHER, {
      archivedAt: new Date('2026-04-01T00:00:00Z'),
    });
    const notAdmin = await watchedChannel(app, second, OTHER, { botStatus: 'member' });

    await app.jobs.runDue();
    expect(countsOf(SHARED.id)).toBe(1);
    expect(await snapshotsOf(app, first, firstChannel)).toEqual([['2026-04-10', 5000]]);
    expect(await snapshotsOf(app, second, secondChannel)).toEqual([['2026-04-10', 5000]]);
    expect(countsOf(OTHER.id)).toBe(0);
    expect(await snapshotsOf(app, first, archived)).toEqual([]);
    expect(await snapshotsOf(app, second, notAdmin)).toEqual([]);
  });

  it('cuts days in each team’s zone: Vladivostok and Berlin across Berlin’s spring change of clocks', async () => {
    const east = await teamIn(app, 'zones-vladivostok', 'Asia/Vladivostok');
    const west = await teamIn(app, 'zones-berlin', 'Europe/Berlin');
    const eastChannel = await watchedChannel(app, east, ZONES);
    const westChannel = await watchedChannel(app, west, ZONES);
    const at = async (instant: string, count: number) => {
      now = new Date(instant);
      fake.setMemberCount(ZONES.id, count);
      await app.jobs.runDue();
    };

    await at('2026-03-28T22:30:00Z', 7000); // Berlin 23:30 CET on the 28th, Vladivostok 08:30 on the 29th
    await at('2026-03-28T23:30:00Z', 7001); // Berlin 00:30 on the 29th: its new day
    await at('2026-03-29T13:30:00Z', 7002); // Vladivostok 23:30 on the 29th: counted already
    await at('2026-03-29T14:30:00Z', 7003); // Vladivostok 00:30 on the 30th
    await at('2026-03-29T21:30:00Z', 7004); // Berlin 23:30 CEST on the 29th (a day of 23 hours)
    await at('2026-03-29T22:30:00Z', 7005); // Berlin 00:30 CEST on the 30th

    expect(await snapshotsOf(app, east, eastChannel)).toEqual([
      ['2026-03-29', 7000],
      ['2026-03-30', 7003],
    ]);
    expect(await snapshotsOf(app, west, westChannel)).toEqual([
      ['2026-03-28', 7000],
      ['2026-03-29', 7001],
      ['2026-03-30', 7005],
    ]);
    // One call per chat and zone day: the first served both teams.
    expect(countsOf(ZONES.id)).toBe(4);
  });

  it('tries a chat again later when Telegram fails, and gives up on a chat Telegram refuses while the others go on', async () => {
    now = new Date('2026-05-05T09:00:00Z');
    const team = await teamIn(app, 'flaky', 'Europe/Moscow');
    const flaky = await watchedChannel(app, team, FLAKY);
    const gone = await watchedChannel(app, team, GONE);

    fake.state.mode = 'down';
    await app.jobs.runDue();
    fake.state.mode = 'up';
    expect(await snapshotsOf(app, team, flaky)).toEqual([]);
    const [failed] = await app.db
      .select({ attempts: jobs.attempts, doneAt: jobs.doneAt, lastError: jobs.lastError })
      .from(jobs)
      .where(and(eq(jobs.kind, countChatJob.kind), eq(jobs.key, `${FLAKY.id}:Europe/Moscow:2026-05-05`)));
    expect(failed).toMatchObject({ attempts: 1, doneAt: null });

    now = new Date('2026-05-05T09:01:00Z');
    await app.jobs.runDue();
    expect(await snapshotsOf(app, team, flaky)).toEqual([['2026-05-05', 900]]);
    // Refused (400): nothing stored, not retried.
    expect(await snapshotsOf(app, team, gone)).toEqual([]);
    const refusals = countsOf(GONE.id);
    expect(refusals).toBe(1);
    now = new Date('2026-05-05T12:00:00Z');
    await app.jobs.runDue();
    expect(countsOf(GONE.id)).toBe(refusals);
  });
});

describe('two server processes on one database', () => {
  it('count each chat once a day when both run the jobs at the same time, and store one snapshot even if the count itself runs twice', async () => {
    const { first, second } = await sharedDatabase();
    const config = testConfig({ ...fake.botEnv, BACKGROUND_JOBS: '0' });
    const one = await buildApp({ config, database: first, webRoot: false, clock });
    const two = await buildApp({ config, database: second, webRoot: false, clock });
    try {
      now = new Date('2026-06-01T09:00:00Z');
      const team = await teamIn(one, 'twice', 'Europe/Moscow');
      const channel = await watchedChannel(one, team, TWICE);

      await Promise.all([one.jobs.runDue(), two.jobs.runDue(), one.jobs.runDue(), two.jobs.runDue()]);
      expect(countsOf(TWICE.id)).toBe(1);
      expect(await snapshotsOf(two, team, channel)).toEqual([['2026-06-01', 42]]);

      // A count run twice at once (a worker's lease lapsed mid-call): the day keeps its one snapshot.
      now = new Date('2026-06-01T21:30:00Z');
      fake.setMemberCount(TWICE.id, 43);
      const context = (server: FastifyInstance): JobContext => ({
        db: server.db,
        telegram: server.telegram,
        config: server.config,
        log: server.log,
        now: clock,
      });
      await Promise.all([
        countChatJob.run(context(one), { chatId: TWICE.id }),
        countChatJob.run(context(two), { chatId: TWICE.id }),
      ]);
      expect(await snapshotsOf(one, team, channel)).toEqual([
        ['2026-06-01', 42],
        ['2026-06-02', 43],
      ]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
