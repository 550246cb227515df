import type { Channel } from '@addesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../../src/db/schema/index.js';
import { salePayload } from '../../helpers/deal-payload.js';
import { type FakeChat, startFakeTelegram } from '../../helpers/fake-telegram.js';
import { dealRows, parseCsv } from '../../helpers/files.js';
import { callerOf } from '../../helpers/team.js';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

const CHATS: FakeChat[] = [
  {
    id: -4001,
    title: 'Архивный канал',
    username: 'archive_me',
    image: 'https://cdn1.cdn-telegram.org/file/archive_me.jpg',
  },
  { id: -4002, title: 'Вернётся сам', username: 'comes_back' },
  { id: -4003, title: 'Третий лишний', username: 'third_one' },
];
const LIMIT_MESSAGE =
  'Ваш тариф позволяет вести 10 каналов. Чтобы добавить ещё, выберите тариф в разделе «Тарифы»';

type Headers = { cookie: string };
type Page = { items: Channel[]; nextCursor: string | null; total: number };

describe('archiving channels', () => {
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeTelegram>>;
  let mine: Headers;
  let other: Headers;

  const get = (who: Headers, url: string) => app.inject({ url, headers: who });
  const send = (who: Headers, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { ...who, ...sameOrigin }, ...(payload ? { payload } : {}) });
  const archive = (who: Headers, id: number) => send(who, 'DELETE', `/api/channel/${id}`);
  const restore = (who: Headers, id: number) => send(who, 'POST', `/api/channel/${id}/restore`);
  const add = async (who: Headers, telegramNickName: string) => {
    const response = await send(who, 'POST', '/api/channel', { telegramNickName });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Channel;
  };
  const live = async (who: Headers) => (await get(who, '/api/channel?limit=200')).json() as Page;
  const archived = async (who: Headers) =>
    (await get(who, '/api/channel?archived=true&limit=200')).json() as Page;
  const ids = (page: Page) => page.items.map((c) => c.id);
  const used = async (who: Headers) => (await get(who, '/api/tariff/current')).json().channelsUsed as number;

  /** Fills the team's 10-channel trial with channels written straight to the table (no Telegram needed). */
  const fillUp = async (who: Headers, prefix: string) => {
    const { teamId, employeeId } = await callerOf(app, who);
    const free = 10 - (await live(who)).total;
    for (let i = 0; i < free; i++) {
      await app.db.insert(channels).values({
        teamId,
        name: `Заполнитель ${i}`,
        telegramNickName: `${prefix}_${i}`,
        ownerEmployeeId: employeeId,
      });
    }
    expect(await used(who)).toBe(10);
  };

  beforeAll(async () => {
    fake = await startFakeTelegram(CHATS);
    app = await createTestApp(fake.env);
    mine = await signInDemo(app, 'archive');
    other = await signInDemo(app, 'archive-other');
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('moves a channel to the archive on DELETE (204): gone from the list, in ?archived=true, still opened by id', async () => {
    const channel = await add(mine, 'archive_me');
    expect(channel.archivedAt).toBeNull();
    const before = await live(mine);

    const response = await archive(mine, channel.id);
    expect(response.statusCode).toBe(204);

    const after = await live(mine);
    expect(ids(after)).not.toContain(channel.id);
    expect(after.total).toBe(before.total - 1);
    const inArchive = await archived(mine);
    expect(inArchive.total).toBe(1);
    expect(inArchive.items[0]).toMatchObject({ id: channel.id, name: 'Архивный канал' });
    const archivedAt = inArchive.items[0]?.archivedAt;
    expect(Date.parse(archivedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const opened = await get(mine, `/api/channel/${channel.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ ...channel, archivedAt });
    expect((await get(mine, `/api/channel/${channel.id}/employees`)).statusCode).toBe(200);

    // A second tap (or a retry) is harmless: 204 again, the first time of archiving kept.
    expect((await archive(mine, channel.id)).statusCode).toBe(204);
    expect((await get(mine, `/api/channel/${channel.id}`)).json().archivedAt).toBe(archivedAt);
    expect((await archived(mine)).total).toBe(1);
    await restore(mine, channel.id);
  });

  it('keeps an archived channel’s deal with its name in the sale list, the sale, finance and the CSV export', async () => {
    const channel = await add(mine, 'comes_back');
    const sale = await send(
      mine,
      'POST',
      '/api/sale',
      salePayload(channel.id, { saleDate: '2026-05-18', price: 4321.5 }),
    );
    expect(sale.statusCode, sale.body).toBe(201);
    const saleId = sale.json().id as number;
    expect((await archive(mine, channel.id)).statusCode).toBe(204);

    const list = (await get(mine, `/api/sale/filter?channelId=${channel.id}`)).json();
    expect(list.items.map((d: { id: number }) => d.id)).toEqual([saleId]);
    expect(list.items[0].channelInfo).toMatchObject({ id: channel.id, name: 'Вернётся сам' });
    const everything = (await get(mine, '/api/sale/filter?limit=200')).json();
    expect(everything.items.map((d: { id: number }) => d.id)).toContain(saleId);
    const opened = await get(mine, `/api/sale/${saleId}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().channelInfo.name).toBe('Вернётся сам');

    const summary = await get(mine, '/api/finance/summary?from=2026-05-01&to=2026-05-31&basis=accrual');
    expect(summary.statusCode, summary.body).toBe(200);
    const row = summary
      .json()
      .byChannel.find((c: { channel: { id: number } }) => c.channel.id === channel.id);
    expect(row).toMatchObject({ channel: { name: 'Вернётся сам' }, income: 4321.5, deals: 1 });

    const csv = await get(mine, `/api/sale/export?format=csv&channelId=${channel.id}`);
    expect(csv.statusCode).toBe(200);
    const lines = dealRows(parseCsv(csv.rawPayload));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Вернётся сам');
    const all = await get(mine, '/api/sale/export?format=csv');
    expect(all.body).toContain('Вернётся сам');

    // Its deal is still edited as before; a new deal on it is refused until the channel is restored.
    const edited = await send(mine, 'PATCH', `/api/sale/${saleId}`, {
      version: opened.json().version,
      price: 5000,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const added = await send(mine, 'POST', '/api/sale', salePayload(channel.id, { saleDate: '2026-05-19' }));
    expect(added.statusCode).toBe(400);
    expect(added.json().fieldErrors.channelId).toEqual([
      'Канал в архиве: восстановите его, чтобы добавлять сделки',
    ]);
    await restore(mine, channel.id);
    const afterRestore = await send(
      mine,
      'POST',
      '/api/sale',
      salePayload(channel.id, { saleDate: '2026-05-19' }),
    );
    expect(afterRestore.statusCode, afterRestore.body).toBe(201);
    expect((await send(mine, 'DELETE', `/api/sale/${afterRestore.json().id}`)).statusCode).toBe(204);
  });

  it('frees the tariff place; restoring into a full tariff answers 403 with the add message and changes nothing', async () => {
    const channel = (await live(mine)).items.find((c) => c.telegramNickName === 'archive_me');
    if (!channel) throw new Error('archive_me is not live');
    await fillUp(mine, 'fill_a');
    expect((await archive(mine, channel.id)).statusCode).toBe(204);
    expect(await used(mine)).toBe(9);
    // The freed place takes a new channel.
    const third = await add(mine, 'third_one');
    expect(await used(mine)).toBe(10);

    const refused = await restore(mine, channel.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'TARIFF_CHANNEL_LIMIT', message: LIMIT_MESSAGE });
    expect(ids(await archived(mine))).toContain(channel.id);
    // Adding an archived channel again is a restore, and the same limit holds.
    const again = await send(mine, 'POST', '/api/channel', { telegramNickName: '@ARCHIVE_ME' });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ code: 'TARIFF_CHANNEL_LIMIT', message: LIMIT_MESSAGE });

    expect((await archive(mine, third.id)).statusCode).toBe(204);
    const restored = await restore(mine, channel.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: channel.id, name: 'Архивный канал', archivedAt: null });
    expect(ids(await live(mine))).toContain(channel.id);
    expect(ids(await archived(mine))).not.toContain(channel.id);
    expect(await used(mine)).toBe(10);
    // Restoring a live channel answers it as it is (a double tap on 'Восстановить'), even with the tariff full.
    const twice = await restore(mine, channel.id);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual(restored.json());
  });

  it('adding the username of an archived channel restores it (201) with its deals, not «Канал уже добавлен»', async () => {
    const channel = (await live(mine)).items.find((c) => c.telegramNickName === 'comes_back');
    if (!channel) throw new Error('comes_back is not live');
    const someLive = (await live(mine)).items.find((c) => c.id !== channel.id);
    if (!someLive) throw new Error('no other live channel');
    // Make room: archive one more, so the tariff has a place for the restore.
    await archive(mine, someLive.id);
    await archive(mine, channel.id);

    const response = await send(mine, 'POST', '/api/channel', {
      telegramNickName: 'https://t.me/Comes_Back',
      description: 'Снова с нами',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      id: channel.id,
      name: 'Вернётся сам',
      description: 'Снова с нами',
      archivedAt: null,
    });
    expect(ids(await live(mine))).toContain(channel.id);
    expect((await get(mine, `/api/sale/filter?channelId=${channel.id}`)).json().items).toHaveLength(1);
    // A live one is still refused as a duplicate.
    const duplicate = await send(mine, 'POST', '/api/channel', { telegramNickName: 'comes_back' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ code: 'CONFLICT', message: 'Канал уже добавлен' });
  });

  it('pages the archive with a cursor like the live list', async () => {
    const all = await archived(mine);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = (await get(mine, `/api/channel?archived=true&limit=1${query}`)).json() as Page;
      expect(page.items.length).toBeLessThanOrEqual(1);
      expect(page.total).toBe(all.total);
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids(all));
    expect(all.items.every((c) => c.archivedAt !== null)).toBe(true);
    expect((await live(mine)).items.every((c) => c.archivedAt === null)).toBe(true);
    const bad = await get(mine, '/api/channel?archived=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[а-яё]/i);
  });

  it('keeps teams apart: archive, restore and open of another team’s channel answer 404 like a missing one', async () => {
    const [liveOne] = (await live(mine)).items;
    const [archivedOne] = (await archived(mine)).items;
    if (!liveOne || !archivedOne) throw new Error('the team needs a live and an archived channel');
    const missing = await restore(other, 987_654);
    expect(missing.statusCode).toBe(404);
    for (const id of [liveOne.id, archivedOne.id]) {
      for (const response of [
        await archive(other, id),
        await restore(other, id),
        await get(other, `/api/channel/${id}`),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(missing.json());
      }
    }
    expect((await get(mine, `/api/channel/${liveOne.id}`)).json().archivedAt).toBeNull();
    expect((await get(mine, `/api/channel/${archivedOne.id}`)).json().archivedAt).toBe(
      archivedOne.archivedAt,
    );
    expect(ids(await archived(other))).toEqual([]);
    for (const [method, url] of [
      ['POST', `/api/channel/${liveOne.id}/restore`],
      ['DELETE', `/api/channel/${liveOne.id}`],
    ] as const) {
      expect((await app.inject({ method, url, headers: sameOrigin })).statusCode, url).toBe(401);
    }
  });

  it('archive and restore of one channel at once end in one state the list, the archive and the tariff agree on', async () => {
    const team = await signInDemo(app, 'archive-race');
    const channels = (await live(team)).items;
    for (let round = 0; round < 8; round++) {
      const channel = channels[round % channels.length] as Channel;
      if (round % 2) await archive(team, channel.id);
      const answers = await Promise.all([archive(team, channel.id), restore(team, channel.id)]);
      expect(answers.map((a) => a.statusCode)).toEqual([204, 200]);
      const state = (await get(team, `/api/channel/${channel.id}`)).json() as Channel;
      const inLive = ids(await live(team)).includes(channel.id);
      const inArchive = ids(await archived(team)).includes(channel.id);
      expect(inLive).toBe(state.archivedAt === null);
      expect(inArchive).toBe(state.archivedAt !== null);
      expect(await used(team)).toBe((await live(team)).total);
      await restore(team, channel.id);
    }
  });

  it('two restores at once with one place left: one comes back, the other answers 403', async () => {
    const team = await signInDemo(app, 'archive-place');
    const [first, second] = (await live(team)).items as [Channel, Channel];
    await archive(team, first.id);
    await archive(team, second.id);
    await fillUp(team, 'fill_b');
    const { teamId } = await callerOf(app, team);
    await app.db.execute(
      sql`update channels set archived_at = now() where team_id = ${teamId} and telegram_nick_name = 'fill_b_0'`,
    );
    const answers = await Promise.all([restore(team, first.id), restore(team, second.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
    expect(await used(team)).toBe(10);
    expect((await live(team)).total).toBe(10);
  });
});
