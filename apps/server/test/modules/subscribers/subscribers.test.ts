import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelMembers, deals, subscriberCounts, teams } from '../../../src/db/schema/index.js';
import type { FakeChat } from '../../helpers/fake-telegram.js';
import { callerOf } from '../../helpers/team.js';
import { createTestApp, signInDemo } from '../../helpers/test-app.js';
import { type Team, teamIn, watchedChannel } from './watched-channel.js';

let app: FastifyInstance;
let now = new Date('2026-03-31T09:00:00Z'); // 12:00 in Moscow
const clock = () => now;
let demo: Team;
let purchaseId: number;

beforeAll(async () => {
  app = await createTestApp({ BACKGROUND_JOBS: '0' }, { clock });
  const { cookie } = await signInDemo(app, 'subscribers');
  const caller = await callerOf(app, { cookie });
  await app.db.update(teams).set({ timeZone: 'Europe/Moscow' }).where(eq(teams.id, caller.teamId));
  demo = { ...caller, headers: { cookie } };
  const [purchase] = await app.db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.teamId, caller.teamId), eq(deals.kind, 'purchase')))
    .limit(1);
  if (!purchase) throw new Error('the demo team has no purchase');
  purchaseId = purchase.id;
});
afterAll(() => app.close());

let nextChat = -2000;
const newChat = (): FakeChat => {
  nextChat -= 1;
  return { id: nextChat, title: `Канал ${-nextChat}`, username: `subs_${-nextChat}` };
};

const subscribersOf = (team: Team, channelId: number) =>
  app.inject({ url: `/api/channel/${channelId}/subscribers`, headers: team.headers });

async function snapshots(team: Team, channelId: number, counts: Record<string, number>) {
  await app.db.insert(subscriberCounts).values(
    Object.entries(counts).map(([day, count]) => ({
      teamId: team.teamId,
      channelId,
      day,
      count,
      countedAt: new Date(`${day}T00:05:00+03:00`),
    })),
  );
}

let nextUser = 1;
async function joins(
  team: Team,
  channelId: number,
  rows: { at: string; dealId?: number; leftAt?: string }[],
) {
  await app.db.insert(channelMembers).values(
    rows.map((row) => ({
      teamId: team.teamId,
      channelId,
      telegramUserId: nextUser++,
      dealId: row.dealId ?? null,
      joinedAt: new Date(row.at),
      leftAt: row.leftAt ? new Date(row.leftAt) : null,
    })),
  );
}

describe('GET /api/channel/:id/subscribers', () => {
  it('answers nulls and no joins while the bot has not counted', async () => {
    now = new Date('2026-03-31T09:00:00Z');
    const channel = await watchedChannel(app, demo, newChat(), { botStatus: null, botAdminSince: null });
    const response = await subscribersOf(demo, channel);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      count: null,
      countedAt: null,
      change7d: null,
      change30d: null,
      joined7d: { purchases: 0, organic: 0 },
      joined30d: { purchases: 0, organic: 0 },
      watchingSince: null,
    });
  });

  it('compares the newest count with the newest snapshot at least 7 and 30 days older', async () => {
    now = new Date('2026-03-31T09:00:00Z');
    const channel = await watchedChannel(app, demo, newChat());
    await snapshots(demo, channel, {
      '2026-02-20': 800,
      '2026-03-01': 900,
      '2026-03-02': 905,
      '2026-03-24': 1000,
      '2026-03-25': 1010,
      '2026-03-31': 1120,
    });
    expect((await subscribersOf(demo, channel)).json()).toMatchObject({
      count: 1120,
      countedAt: '2026-03-30T21:05:00.000Z',
      change7d: 120,
      change30d: 220,
      watchingSince: '2026-01-01T00:00:00.000Z',
    });

    // A missed day: the snapshot before it stands in; none that old: null.
    const young = await watchedChannel(app, demo, newChat());
    await snapshots(demo, young, { '2026-03-20': 1050, '2026-03-25': 1040, '2026-03-31': 1000 });
    expect((await subscribersOf(demo, young)).json()).toMatchObject({
      count: 1000,
      change7d: -50,
      change30d: null,
    });

    const first = await watchedChannel(app, demo, newChat());
    await snapshots(demo, first, { '2026-03-31': 10 });
    expect((await subscribersOf(demo, first)).json()).toMatchObject({
      count: 10,
      change7d: null,
      change30d: null,
    });
  });

  it('splits the joins of the team’s last 7 and 30 days into purchases and organic, leavers included', async () => {
    now = new Date('2026-03-31T09:00:00Z');
    const channel = await watchedChannel(app, demo, newChat());
    const other = await watchedChannel(app, demo, newChat());
    // The last 7 days in Moscow begin on 25.03 at 00:00 (24.03 21:00 UTC), the last 30 on 02.03.
    await joins(demo, channel, [
      { at: '2026-03-24T21:00:00Z', dealId: purchaseId },
      { at: '2026-03-24T20:59:59Z', dealId: purchaseId },
      { at: '2026-03-30T10:00:00Z', leftAt: '2026-03-30T12:00:00Z' },
      { at: '2026-03-31T08:59:00Z' },
      { at: '2026-03-01T21:00:00Z' },
      { at: '2026-03-01T20:59:59Z', dealId: purchaseId },
    ]);
    await joins(demo, other, [{ at: '2026-03-30T10:00:00Z' }]);
    expect((await subscribersOf(demo, channel)).json()).toMatchObject({
      joined7d: { purchases: 1, organic: 2 },
      joined30d: { purchases: 2, organic: 3 },
    });
  });

  it('cuts the periods in the team’s zone: Vladivostok, and Berlin across its change of clocks', async () => {
    now = new Date('2026-04-02T10:00:00Z'); // Berlin 12:00 CEST, Vladivostok 20:00, both on 02.04
    const east = await teamIn(app, 'subscribers-vladivostok', 'Asia/Vladivostok');
    const west = await teamIn(app, 'subscribers-berlin', 'Europe/Berlin');
    const eastChannel = await watchedChannel(app, east, newChat());
    const westChannel = await watchedChannel(app, west, newChat());
    // The last 7 days begin on 27.03 at 00:00: 26.03 14:00 UTC in Vladivostok (UTC+10) and 26.03 23:00 UTC in
    // Berlin, which was still on CET (UTC+1) then; today it is on CEST, so a period cut with today's offset would
    // begin at 22:00 UTC.
    await joins(east, eastChannel, [{ at: '2026-03-26T13:59:59Z' }, { at: '2026-03-26T14:00:00Z' }]);
    await joins(west, westChannel, [{ at: '2026-03-26T22:30:00Z' }, { at: '2026-03-26T23:00:00Z' }]);
    expect((await subscribersOf(east, eastChannel)).json()).toMatchObject({
      joined7d: { purchases: 0, organic: 1 },
      joined30d: { purchases: 0, organic: 2 },
    });
    expect((await subscribersOf(west, westChannel)).json()).toMatchObject({
      joined7d: { purchases: 0, organic: 1 },
      joined30d: { purchases: 0, organic: 2 },
    });
  });

  it('answers an archived channel, and 404 for another team’s channel and a missing one', async () => {
    now = new Date('2026-03-31T09:00:00Z');
    const archived = await watchedChannel(app, demo, newChat(), {
      archivedAt: new Date('2026-03-20T00:00:00Z'),
    });
    await snapshots(demo, archived, { '2026-03-19': 77 });
    expect((await subscribersOf(demo, archived)).json()).toMatchObject({ count: 77 });

    const stranger = await teamIn(app, 'subscribers-stranger', 'Europe/Moscow');
    const foreign = await subscribersOf(stranger, archived);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: 'Канал не найден' });
    const missing = await subscribersOf(demo, 987_654_321);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(foreign.json());
    const anonymous = await app.inject({ url: `/api/channel/${archived}/subscribers` });
    expect(anonymous.statusCode).toBe(401);
  });
});
