import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals, inviteLinks } from '../../../src/db/schema/index.js';
import { dealExportRows, exportCursor } from '../../../src/modules/deal/deal-export.query.js';
import type { DealCursor } from '../../../src/modules/deal/deal-list.order.js';
import { salePayload } from '../../helpers/deal-payload.js';
import { callerOf } from '../../helpers/team.js';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

type Headers = { cookie: string };
type Item = { id: number; subscribers: number | null; costPerSubscriber: number | null };

// The bot keeps deals.subscribers_joined and makes invite_links (modules/attribution); here they are written directly,
// so the list's figures and order are tested apart from the bot.
describe('cost per subscriber on the purchases list', () => {
  let app: FastifyInstance;
  let mine: Headers;
  let theirs: Headers;
  let channelA: number;
  let channelB: number;
  /** My purchases by name, the ids the API gave them. */
  const ids: Record<string, number> = {};
  let theirCheap: number;

  const get = (headers: Headers, url: string) => app.inject({ url, headers });

  async function purchase(headers: Headers, channelId: number, price: number) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { ...headers, ...sameOrigin },
      payload: {
        accommodationCondition: { accommodationTime: '2026-05-20T15:30:00+03:00' },
        advertisementFormatId: 1,
        channelId,
        price,
        purchaseDate: '2026-05-18',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }

  /** What the bot would have left: `joined` subscribers through the purchase's link, or no link at all. */
  async function attribute(teamId: number, dealId: number, joined: number, link: boolean) {
    await app.db
      .update(deals)
      .set({ subscribersJoined: joined })
      .where(and(eq(deals.teamId, teamId), eq(deals.id, dealId)));
    if (link) {
      await app.db.insert(inviteLinks).values({
        teamId,
        dealId,
        chatId: -100_123,
        link: `https://t.me/+deal${teamId}x${dealId}`,
        name: `Закупка ${dealId}`,
      });
    }
  }

  /** Every item of the list with the query, page by page. */
  async function all(headers: Headers, query: string, limit = 2): Promise<Item[]> {
    const found: Item[] = [];
    let cursor: string | null = null;
    do {
      const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const response = await get(headers, `/api/purchase/filter?limit=${limit}&${query}${after}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      found.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return found;
  }

  beforeAll(async () => {
    app = await createTestApp({ BACKGROUND_JOBS: '0' });
    mine = await signInDemo(app, 'cost-mine');
    theirs = await signInDemo(app, 'cost-theirs');
    const channels = (await get(mine, '/api/channel?limit=2')).json().items;
    channelA = channels[0].id;
    channelB = channels[1].id;
    const me = await callerOf(app, mine);
    const plan: [name: string, channel: number, price: number, joined: number, link: boolean][] = [
      ['eight', channelA, 1000, 8, true], // 125.00
      ['four', channelA, 500, 4, true], // 125.00
      ['two', channelA, 250, 2, true], // 125.00
      ['third', channelA, 100, 3, true], // 33.33
      ['twoThirds', channelA, 200, 3, true], // 66.67
      ['noneJoined', channelA, 1000, 0, true],
      ['noLink', channelA, 999, 0, false],
      ['cheapest', channelB, 10, 1, true], // 10.00
    ];
    for (const [name, channel, price, joined, link] of plan) {
      const id = await purchase(mine, channel, price);
      ids[name] = id;
      await attribute(me.teamId, id, joined, link);
    }
    const they = await callerOf(app, theirs);
    const theirChannel = (await get(theirs, '/api/channel?limit=1')).json().items[0].id;
    theirCheap = await purchase(theirs, theirChannel, 1);
    await attribute(they.teamId, theirCheap, 1, true);
  });

  afterAll(async () => {
    await app.close();
  });

  it('shows the subscribers through the link and the price of one, to the kopeck', async () => {
    const items = await all(mine, 'sort=costPerSubscriber', 100);
    const byId = new Map(items.map((item) => [item.id, item]));
    const figures = (name: string) => {
      const item = byId.get(ids[name] as number);
      return item && { subscribers: item.subscribers, costPerSubscriber: item.costPerSubscriber };
    };
    expect(figures('eight')).toEqual({ subscribers: 8, costPerSubscriber: 125 });
    expect(figures('third')).toEqual({ subscribers: 3, costPerSubscriber: 33.33 });
    expect(figures('twoThirds')).toEqual({ subscribers: 3, costPerSubscriber: 66.67 });
    expect(figures('noneJoined')).toEqual({ subscribers: 0, costPerSubscriber: null });
    expect(figures('noLink')).toEqual({ subscribers: null, costPerSubscriber: null });
    const one = (await get(mine, `/api/purchase/${ids.cheapest}`)).json();
    expect([one.subscribers, one.costPerSubscriber]).toEqual([1, 10]);
  });

  it('orders the cheapest first, equal costs newest first, those without a figure last, across pages', async () => {
    const paged = await all(mine, 'sort=costPerSubscriber', 2);
    const whole = await all(mine, 'sort=costPerSubscriber', 100);
    expect(paged.map((item) => item.id)).toEqual(whole.map((item) => item.id));
    const withFigure = paged.filter((item) => item.costPerSubscriber !== null).map((item) => item.id);
    expect(withFigure).toEqual([ids.cheapest, ids.third, ids.twoThirds, ids.two, ids.four, ids.eight]);
    // Then every other purchase (the demo team's own too), newest first, none with a figure.
    const rest = paged.slice(withFigure.length);
    expect(rest.every((item) => item.costPerSubscriber === null)).toBe(true);
    expect(rest.map((item) => item.id)).toEqual(rest.map((item) => item.id).sort((a, b) => b - a));
    expect(rest.map((item) => item.id)).toEqual(expect.arrayContaining([ids.noneJoined, ids.noLink]));
    const byDate = await all(mine, '', 100);
    expect(paged).toHaveLength(byDate.length);
  });

  it('keeps every filter with the order', async () => {
    const onA = await all(mine, `sort=costPerSubscriber&channelId=${channelA}&priceCondition=${'=ge=250'}`);
    const firstFive = onA.slice(0, 5).map((item) => item.id);
    expect(firstFive).toEqual([ids.two, ids.four, ids.eight, ids.noLink, ids.noneJoined]);
    expect(onA.map((item) => item.id)).not.toContain(ids.cheapest);
    expect(onA.map((item) => item.id)).not.toContain(ids.third);
    const onB = await all(mine, `sort=costPerSubscriber&channelId=${channelB}&paymentState=UNPAID`);
    expect(onB[0]?.id).toBe(ids.cheapest);
  });

  it("shows no team another team's purchases, however cheap", async () => {
    const items = await all(mine, 'sort=costPerSubscriber', 100);
    expect(items.map((item) => item.id)).not.toContain(theirCheap);
    const theirItems = await all(theirs, 'sort=costPerSubscriber', 100);
    expect(theirItems[0]).toMatchObject({ id: theirCheap, subscribers: 1, costPerSubscriber: 1 });
    expect(theirItems.map((item) => item.id)).not.toContain(ids.cheapest);
  });

  it('refuses the order for sales, and a cursor of another order, in Russian', async () => {
    const sales = await get(mine, '/api/sale/filter?sort=costPerSubscriber');
    expect(sales.statusCode).toBe(400);
    expect(sales.json().fieldErrors.sort).toEqual(['Сортировка: date или placement']);
    const byDate = (await get(mine, '/api/purchase/filter?limit=1')).json();
    const mixed = await get(
      mine,
      `/api/purchase/filter?limit=1&sort=costPerSubscriber&cursor=${encodeURIComponent(byDate.nextCursor)}`,
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toMatch(/курсор/);
  });

  it('leaves a sale without the figures', async () => {
    const channel = channelA;
    const created = await app.inject({
      method: 'POST',
      url: '/api/sale',
      headers: { ...mine, ...sameOrigin },
      payload: salePayload(channel),
    });
    expect(created.statusCode, created.body).toBe(201);
    const sale = created.json();
    expect(sale).not.toHaveProperty('subscribers');
    expect(sale).not.toHaveProperty('costPerSubscriber');
  });

  it("reads a file's batches in the list's order, across equal costs and into the purchases without a figure", async () => {
    const { teamId } = await callerOf(app, mine);
    const read: number[] = [];
    let after: DealCursor | undefined;
    for (;;) {
      const page = { sort: 'costPerSubscriber' as const, after, limit: 2 };
      const batch = await dealExportRows(app.db, teamId, 'purchase', {}, '2026-05-18', page);
      read.push(...batch.map((row) => row.id));
      const last = batch.at(-1);
      if (batch.length < 2 || !last) break;
      after = exportCursor('costPerSubscriber', last);
    }
    const listed = await all(mine, 'sort=costPerSubscriber', 100);
    expect(read).toEqual(listed.map((item) => item.id));
  });

  it('exports the purchases in the same order', async () => {
    const response = await get(mine, '/api/purchase/export?format=csv&sort=costPerSubscriber');
    expect(response.statusCode, response.body).toBe(200);
    const [header = '', ...rows] = response.body.replace('\uFEFF', '').split('\r\n');
    const price = header.split(';').indexOf('Стоимость');
    const prices = rows.slice(0, 6).map((row) => row.split(';')[price]);
    expect(prices).toEqual(['10,00', '100,00', '200,00', '250,00', '500,00', '1000,00']);
  });
});
