import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, userSettings } from '../../../src/db/schema/index.js';
import { salePayload } from '../../helpers/deal-payload.js';
import { startFakeTelegram } from '../../helpers/fake-telegram.js';
import { callWith, createTestApp } from '../../helpers/test-app.js';
import { signInWith } from '../../helpers/users.js';

type Headers = { cookie: string };
type Fake = Awaited<ReturnType<typeof startFakeTelegram>>;

const OURS = { id: -100601, title: 'Наш канал', username: 'our_news' };
const SELLER = 'seller_channel';
const OTHER_SELLER = 'busy_channel';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The test's clock: the app, its jobs and the readings go by it. */
let now = new Date('2026-11-20T09:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const T0 = new Date('2026-11-20T10:00:00Z');

describe("a deal's post: its link, readings, terms and report", () => {
  let app: FastifyInstance;
  let fake: Fake;
  let mine: Headers;
  let theirs: Headers;
  let teamId: number;
  let employeeId: number;
  let ourChannel: number;

  const call = (headers: Headers | undefined, method: string, url: string, payload?: object) =>
    callWith(app, headers, method, url, payload);
  const post = async (kind: 'sale' | 'purchase', id: number, headers = mine) => {
    const response = await call(headers, 'GET', `/api/${kind}/${id}/post`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** Moves the clock and runs what is due then: the watcher's round and the readings it asks for. */
  const runAt = async (when: Date) => {
    now = when;
    await app.jobs.runDue();
  };

  async function purchase(link: string | undefined, terms: object, price = 6000) {
    const response = await call(mine, 'POST', '/api/purchase', {
      accommodationCondition: { accommodationTime: T0.toISOString(), ...terms },
      advertisementFormatId: 1,
      channelId: ourChannel,
      price,
      purchaseDate: '2026-11-19',
      externalChannel: { name: 'Канал продавца' },
      ...(link ? { postLink: link } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; postLink: string | null; cpm: number | null; version: number };
  }

  beforeAll(async () => {
    fake = await startFakeTelegram([OURS]);
    app = await createTestApp({ ...fake.botEnv, BACKGROUND_JOBS: '0' }, { clock: () => now });
    const me = await signInWith(app, 'post-mine');
    mine = me.headers;
    theirs = (await signInWith(app, 'post-theirs')).headers;
    teamId = me.member.teamId;
    employeeId = me.member.employeeId;
    const [row] = await app.db
      .insert(channels)
      .values({
        teamId,
        name: OURS.title,
        telegramNickName: OURS.username,
        telegramChatId: OURS.id,
        ownerEmployeeId: employeeId,
      })
      .returning({ id: channels.id });
    ourChannel = row?.id ?? 0;
    // The owner's Telegram is linked: the bot's reminders reach them.
    await app.db
      .insert(userSettings)
      .values({ teamId, employeeId, telegramChatId: 4242 })
      .onConflictDoUpdate({
        target: [userSettings.teamId, userSettings.employeeId],
        set: { telegramChatId: 4242, botEnabled: true },
      });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('takes a post link in the shapes people paste, stores it as https://t.me/<name>/<id>, and refuses others in Russian', async () => {
    const made = await purchase('t.me/Seller_Channel/12?single', { hoursInTop: 1 });
    expect(made.postLink).toBe('https://t.me/Seller_Channel/12');
    for (const bad of [
      'https://t.me/c/1234567/45',
      'https://example.com/seller/1',
      't.me/joinchat/abc',
      'пост',
    ]) {
      const response = await call(mine, 'PATCH', `/api/purchase/${made.id}`, {
        postLink: bad,
        version: made.version,
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().fieldErrors.postLink).toEqual(['Ссылка на пост: https://t.me/имя_канала/номер']);
    }
    const removed = await call(mine, 'PATCH', `/api/purchase/${made.id}`, {
      postLink: null,
      version: made.version,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().postLink).toBeNull();
    expect(await post('purchase', made.id)).toMatchObject({ link: null, views: [], nextCheckAt: null });
  });

  let watched: number;

  it('reads the post from the channel page at its checkpoints: time, views at 24 and 48 hours and CPM', async () => {
    const published = at(2 * MINUTE);
    const messageId = fake.addPost(SELLER, {
      date: published,
      text: 'Реклама: лучший канал\nподписывайтесь',
      views: 900,
    });
    watched = (await purchase(`https://t.me/${SELLER}/${messageId}`, { hoursInTop: 0 }, 6000)).id;
    await runAt(at(30 * MINUTE));
    expect(fake.feedRequests(SELLER)).toBe(0);

    fake.setViews(SELLER, messageId, 1200);
    await runAt(at(HOUR + 3 * MINUTE));
    let shown = await post('purchase', watched);
    expect(shown).toMatchObject({
      link: `https://t.me/${SELLER}/${messageId}`,
      publishedAt: published.toISOString(),
      text: 'Реклама: лучший канал\nподписывайтесь',
      views: [{ at: at(HOUR + 3 * MINUTE).toISOString(), views: 1200 }],
      views24h: null,
      cpm: 5000,
      checkedAt: at(HOUR + 3 * MINUTE).toISOString(),
      nextCheckAt: new Date(published.getTime() + 24 * HOUR).toISOString(),
      foundByBot: false,
    });
    expect(fake.feedRequests(SELLER)).toBe(1);

    fake.setViews(SELLER, messageId, 15_300);
    await runAt(new Date(published.getTime() + 24 * HOUR + 4 * MINUTE));
    fake.setViews(SELLER, messageId, 20_000);
    await runAt(new Date(published.getTime() + 48 * HOUR + 4 * MINUTE));
    shown = await post('purchase', watched);
    expect(shown.views.map((v: { views: number }) => v.views)).toEqual([1200, 15_300, 20_000]);
    expect([shown.views24h, shown.views48h, shown.cpm]).toEqual([15_300, 20_000, 300]);
    // The list's figure is the card's (one rule, held here).
    const list = await call(mine, 'GET', '/api/purchase/filter?limit=50');
    const item = list.json().items.find((deal: { id: number }) => deal.id === watched);
    expect(item).toMatchObject({ cpm: 300, postLink: shown.link });
  });

  it('orders purchases by CPM, the cheapest first and those without views last', async () => {
    const second = fake.addPost(SELLER, { date: at(5 * MINUTE), views: 1000 });
    const dearer = (await purchase(`https://t.me/${SELLER}/${second}`, {}, 9000)).id;
    const unknown = (await purchase(undefined, {}, 100)).id;
    await call(mine, 'POST', `/api/purchase/${dearer}/post/refresh`);
    await runAt(new Date(now.getTime() + 11 * MINUTE));
    expect((await post('purchase', dearer)).cpm).toBe(9000);
    const pages: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/purchase/filter?sort=cpm&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await call(mine, 'GET', query)).json();
      pages.push(...page.items.map((deal: { id: number }) => deal.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.indexOf(watched)).toBeLessThan(pages.indexOf(dearer));
    expect(pages.indexOf(dearer)).toBeLessThan(pages.indexOf(unknown));
  });

  it('sees a post pushed out of the top before its hours and deleted before its time, and tells the buyer once', async () => {
    const start = new Date(now.getTime() + HOUR);
    const id = fake.addPost(OTHER_SELLER, { date: start, text: 'Реклама нашего канала', views: 500 });
    const response = await call(mine, 'POST', '/api/purchase', {
      accommodationCondition: {
        accommodationTime: start.toISOString(),
        hoursInTop: 2,
        durationType: 'HOURS',
        duration: 24,
      },
      advertisementFormatId: 1,
      channelId: ourChannel,
      price: 5000,
      purchaseDate: '2026-11-20',
      externalChannel: { name: 'Занятой канал' },
      postLink: `https://t.me/${OTHER_SELLER}/${id}`,
    });
    const dealId = response.json().id as number;
    fake.addPost(OTHER_SELLER, { date: new Date(start.getTime() + 40 * MINUTE), text: 'Чужой пост' });
    fake.editPost(OTHER_SELLER, id, 'Реклама нашего канала (исправлено)');
    await runAt(new Date(start.getTime() + HOUR + 2 * MINUTE));
    let shown = await post('purchase', dealId);
    expect(shown).toMatchObject({
      displacedAt: new Date(start.getTime() + 40 * MINUTE).toISOString(),
      topKept: false,
      topUntil: new Date(start.getTime() + 2 * HOUR).toISOString(),
      feedKept: null,
      deletedAt: null,
    });
    fake.removePost(OTHER_SELLER, id);
    // The reading just before the feed's end finds it gone: deleted before its time.
    await runAt(new Date(start.getTime() + 23 * HOUR + 51 * MINUTE));
    shown = await post('purchase', dealId);
    expect(shown).toMatchObject({ feedKept: false, deletedAt: now.toISOString() });
    await app.jobs.runDue();
    const told = fake.sent('sendMessage').map((m) => String(m.text));
    expect(told.filter((text) => text.includes('сдвинут из топа раньше срока'))).toHaveLength(1);
    expect(told.filter((text) => text.includes('удалён раньше срока'))).toHaveLength(1);
    expect(told.find((text) => text.includes('сдвинут'))).toContain('«Занятой канал»');
  });

  it('marks the top and the feed kept when the readings at their ends find the post there', async () => {
    const start = new Date(now.getTime() + HOUR);
    const id = fake.addPost('calm_channel', { date: start, text: 'Спокойный пост', views: 100 });
    const response = await call(mine, 'POST', '/api/purchase', {
      accommodationCondition: {
        accommodationTime: start.toISOString(),
        hoursInTop: 1,
        durationType: 'HOURS',
        duration: 24,
      },
      advertisementFormatId: 1,
      channelId: ourChannel,
      price: 1000,
      purchaseDate: '2026-11-20',
      postLink: `https://t.me/calm_channel/${id}`,
    });
    const dealId = response.json().id as number;
    for (const minutes of [61, 66, 23 * 60 + 51, 24 * 60 + 1, 24 * 60 + 6]) {
      await runAt(new Date(start.getTime() + minutes * MINUTE));
      if (minutes === 61) fake.editPost('calm_channel', id, 'Спокойный пост, исправленный');
    }
    expect(await post('purchase', dealId)).toMatchObject({
      topKept: true,
      feedKept: true,
      displacedAt: null,
      editedAt: expect.any(String),
      text: 'Спокойный пост, исправленный',
    });
  });

  it('reads a channel politely: once in ten minutes whatever is asked, and not before a 429 allows', async () => {
    const id = fake.addPost('polite_channel', { date: new Date(now.getTime() - HOUR), views: 10 });
    const made = await call(mine, 'POST', '/api/purchase', {
      accommodationCondition: { accommodationTime: new Date(now.getTime() - HOUR).toISOString() },
      advertisementFormatId: 1,
      channelId: ourChannel,
      price: 1000,
      purchaseDate: '2026-11-20',
      postLink: `https://t.me/polite_channel/${id}`,
    });
    const dealId = made.json().id as number;
    fake.rateLimitFeed(1, 120);
    const first = await call(mine, 'POST', `/api/purchase/${dealId}/post/refresh`);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().checkAt).toBe(now.toISOString());
    await app.jobs.runDue();
    expect(fake.feedRequests('polite_channel')).toBe(1);
    expect((await post('purchase', dealId)).views).toEqual([]);
    // Refused: asked again, the reading waits for the channel's pause, and nothing is fetched before it.
    const second = (await call(mine, 'POST', `/api/purchase/${dealId}/post/refresh`)).json();
    expect(Date.parse(second.checkAt) - now.getTime()).toBe(10 * MINUTE);
    await runAt(new Date(now.getTime() + 5 * MINUTE));
    expect(fake.feedRequests('polite_channel')).toBe(1);
    await runAt(new Date(Date.parse(second.checkAt)));
    expect(fake.feedRequests('polite_channel')).toBe(2);
    expect((await post('purchase', dealId)).views).toHaveLength(1);
    const third = (await call(mine, 'POST', `/api/purchase/${dealId}/post/refresh`)).json();
    expect(Date.parse(third.checkAt) - now.getTime()).toBe(10 * MINUTE);
  });

  it('gives one channel’s turn to one reader when several ask at once (PostgreSQL runs them in parallel)', async () => {
    const { takeTurn } = await import('../../../src/modules/post/post.repository.js');
    const turns = await Promise.all(
      Array.from({ length: 6 }, () => takeTurn(app.db, 'contested_channel', now, 10 * MINUTE)),
    );
    expect(turns.filter(Boolean)).toHaveLength(1);
    expect(
      await takeTurn(app.db, 'contested_channel', new Date(now.getTime() + 9 * MINUTE), 10 * MINUTE),
    ).toBe(false);
    expect(
      await takeTurn(app.db, 'contested_channel', new Date(now.getTime() + 10 * MINUTE), 10 * MINUTE),
    ).toBe(true);
  });

  it('finds the post of a sale in our channel from the bot, offers the channel’s posts to pick, and keeps an edit', async () => {
    const placed = new Date(now.getTime() + 2 * HOUR);
    const sale = await call(
      mine,
      'POST',
      '/api/sale',
      salePayload(ourChannel, { accommodationCondition: { accommodationTime: placed.toISOString() } }),
    );
    expect(sale.statusCode, sale.body).toBe(201);
    const saleId = sale.json().id as number;
    const channelPost = (messageId: number, date: Date, text: string, edited = false) =>
      fake.queueUpdate({
        [edited ? 'edited_channel_post' : 'channel_post']: {
          message_id: messageId,
          chat: { id: OURS.id, type: 'channel', title: OURS.title, username: OURS.username },
          date: Math.floor(date.getTime() / 1000),
          ...(edited ? { edit_date: Math.floor(date.getTime() / 1000) + 60 } : {}),
          text,
        },
      });
    channelPost(501, new Date(placed.getTime() - 5 * HOUR), 'Утренний пост');
    channelPost(502, new Date(placed.getTime() + 3 * MINUTE), 'Реклама: магазин');
    await app.bot.receiveUpdates();
    await app.jobs.runDue();
    const deal = (await call(mine, 'GET', `/api/sale/${saleId}`)).json();
    expect(deal.postLink).toBe(`https://t.me/${OURS.username}/502`);
    expect(await post('sale', saleId)).toMatchObject({
      foundByBot: true,
      publishedAt: new Date(placed.getTime() + 3 * MINUTE).toISOString(),
      text: 'Реклама: магазин',
    });
    const candidates = (await call(mine, 'GET', `/api/sale/${saleId}/post/candidates`)).json();
    expect(candidates.map((c: { link: string }) => c.link)).toEqual([
      `https://t.me/${OURS.username}/502`,
      `https://t.me/${OURS.username}/501`,
    ]);
    channelPost(502, new Date(placed.getTime() + 3 * MINUTE), 'Реклама: магазин, скидка 10%', true);
    await app.bot.receiveUpdates();
    await app.jobs.runDue();
    expect(await post('sale', saleId)).toMatchObject({
      text: 'Реклама: магазин, скидка 10%',
      editedAt: expect.any(String),
    });
  });

  it('shares one placement by a public report link, with nothing else of the team, until it is revoked', async () => {
    const made = await call(mine, 'POST', `/api/purchase/${watched}/report-link`);
    expect(made.statusCode, made.body).toBe(201);
    const url = new URL(made.json().url);
    expect(url.pathname).toMatch(/^\/r\/[A-Za-z0-9_-]{40,}$/);
    const token = url.pathname.slice(3);
    const report = await app.inject({ url: `/api/report/${token}` });
    expect(report.statusCode, report.body).toBe(200);
    const body = report.json();
    expect(body).toMatchObject({
      kind: 'purchase',
      channel: { name: 'Канал продавца', username: SELLER },
      link: expect.stringContaining(SELLER),
      views24h: 15_300,
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'channel',
        'checkedAt',
        'deletedAt',
        'displacedAt',
        'editedAt',
        'feedKept',
        'feedUntil',
        'kind',
        'link',
        'placementAt',
        'publishedAt',
        'topHours',
        'topKept',
        'topUntil',
        'views',
        'views24h',
        'views48h',
      ].sort(),
    );
    expect(JSON.stringify(body)).not.toContain('6000');
    expect((await post('purchase', watched)).reportShared).toBe(true);
    // A new link replaces the old one.
    const again = (await call(mine, 'POST', `/api/purchase/${watched}/report-link`)).json();
    expect((await app.inject({ url: `/api/report/${token}` })).statusCode).toBe(404);
    const newToken = new URL(again.url).pathname.slice(3);
    expect((await app.inject({ url: `/api/report/${newToken}` })).statusCode).toBe(200);
    expect((await call(mine, 'DELETE', `/api/purchase/${watched}/report-link`)).statusCode).toBe(204);
    const gone = await app.inject({ url: `/api/report/${newToken}` });
    expect([gone.statusCode, gone.json().message]).toEqual([
      404,
      'Ссылка на отчёт недействительна или отозвана',
    ]);
    expect((await app.inject({ url: '/api/report/short' })).statusCode).toBe(400);
    expect((await post('purchase', watched)).reportShared).toBe(false);
  });

  it('answers 404 for another team’s deal on every call of the post, as for a missing one', async () => {
    for (const [method, path] of [
      ['GET', `/api/purchase/${watched}/post`],
      ['POST', `/api/purchase/${watched}/post/refresh`],
      ['POST', `/api/purchase/${watched}/report-link`],
      ['DELETE', `/api/purchase/${watched}/report-link`],
      ['GET', `/api/sale/${watched}/post`],
      ['GET', `/api/sale/${watched}/post/candidates`],
    ] as const) {
      const response = await call(theirs, method, path);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    const missing = await call(mine, 'GET', '/api/purchase/999999999/post');
    expect(missing.statusCode).toBe(404);
    // A refresh without a link says what is missing.
    const bare = (await purchase(undefined, {})).id;
    const refused = await call(mine, 'POST', `/api/purchase/${bare}/post/refresh`);
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Сначала укажите ссылку на пост']);
  });

  it('forgets what was read when the link changes, and sweeps the bot’s posts after 60 days', async () => {
    const before = (await call(mine, 'GET', `/api/purchase/${watched}`)).json();
    const changed = await call(mine, 'PATCH', `/api/purchase/${watched}`, {
      postLink: `https://t.me/${SELLER}/999`,
      version: before.version,
    });
    expect(changed.json()).toMatchObject({ postLink: `https://t.me/${SELLER}/999`, cpm: null });
    expect(await post('purchase', watched)).toMatchObject({ views: [], publishedAt: null, cpm: null });
    const { sweepExpired } = await import('../../../src/db/sweeper.js');
    const swept = await sweepExpired(app.db, new Date(now.getTime() + 61 * 24 * HOUR));
    expect(swept.channelPosts).toBe(2);
    const left = await app.db.execute(sql`select count(*)::int as n from channel_posts`);
    expect(left.rows[0]).toEqual({ n: 0 });
  });
});
