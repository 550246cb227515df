import { type DealKind, dealVocabulary, inCommonNames } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salePayload } from '../../helpers/deal-payload.js';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

type Headers = { cookie: string };
type Deal = {
  id: number;
  date: string;
  accommodationCondition: { accommodationTime: string };
  channelInfo: { name: string };
  contactPerson: { name: string; profileLink: string | null } | null;
  external: { name: string; channelLink: string | null } | null;
};

describe.each(['sale', 'purchase'] as const)('%s list search and order', (kind: DealKind) => {
  const { path, names } = dealVocabulary[kind];
  const base = `/api/${path}`;
  let app: FastifyInstance;
  let mine: Headers;
  let theirs: Headers;
  let channelId: number;

  const get = (headers: Headers, url: string) => app.inject({ url, headers });
  const create = (headers: Headers, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: base, headers: { ...headers, ...sameOrigin }, payload: body });

  const payload = (channel: number, overrides: Record<string, unknown>) => ({
    accommodationCondition: { accommodationTime: '2026-05-20T15:30:00+03:00' },
    advertisementFormatId: 1,
    ...(kind === 'sale' ? { advertisementTypeId: 2, statusId: 1 } : {}),
    channelId: channel,
    price: 1000,
    [names.date]: '2026-05-18',
    ...overrides,
  });

  /** Every deal of the caller's list with the query, page by page, in common names. */
  async function all(headers: Headers, query: string): Promise<Deal[]> {
    const found: Deal[] = [];
    let cursor: string | null = null;
    do {
      const url = `${base}/filter?limit=7&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await get(headers, url);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      found.push(...page.items.map((item: object) => inCommonNames(kind, item)));
      cursor = page.nextCursor;
    } while (cursor);
    return found;
  }

  const searched = (value: string) => value.toLowerCase().replaceAll('ё', 'е');

  /** What the search must find, read from the unfiltered list: the text in any of the searched names or links. */
  const matches = (deal: Deal, text: string) =>
    [
      deal.channelInfo.name,
      deal.external?.name,
      deal.external?.channelLink,
      deal.contactPerson?.name,
      deal.contactPerson?.profileLink,
    ].some((value) => value && searched(value).includes(searched(text)));

  beforeAll(async () => {
    app = await createTestApp();
    mine = await signInDemo(app, `${kind}-search-mine`);
    theirs = await signInDemo(app, `${kind}-search-theirs`);
    channelId = (await get(mine, '/api/channel?limit=1')).json().items[0].id;
    const theirChannel = (await get(theirs, '/api/channel?limit=1')).json().items[0].id;
    const placed = (time: string, overrides: Record<string, unknown>) =>
      payload(channelId, { accommodationCondition: { accommodationTime: time }, ...overrides });
    for (const body of [
      placed('2026-05-20T15:30:00+03:00', {
        [names.external]: { name: 'Жёлтая Субмарина', channelLink: '@yellow_sub' },
        [names.date]: '2026-05-01',
      }),
      placed('2026-05-02T10:00:00+03:00', {
        contactPerson: { name: 'Zebra Финансы', profileLink: '@zebra_money' },
        [names.date]: '2026-05-10',
      }),
      placed('2026-06-01T09:00:00+03:00', {
        [names.external]: { name: '100% скидки', channelLink: '@discount_all' },
        [names.date]: '2026-05-05',
      }),
    ]) {
      expect((await create(mine, body)).statusCode).toBe(201);
    }
    // Another team has a counterpart of the same name: it must never show up.
    const foreign = payload(theirChannel, { [names.external]: { name: 'Жёлтая Субмарина' } });
    expect((await create(theirs, foreign)).statusCode).toBe(201);
  });
  afterAll(() => app.close());

  it('finds deals by the other side’s channel, the contact and our channel, whatever the letter case, in the list’s order', async () => {
    const ourChannel = (await all(mine, '')).find((deal) => deal.channelInfo.name)?.channelInfo.name ?? '';
    // Page by page and in every order, the search gives exactly the unfiltered list's matching deals, in its order.
    for (const sort of kind === 'sale' ? ['date', 'placement'] : ['date', 'placement', 'costPerSubscriber']) {
      const everything = await all(mine, `sort=${sort}`);
      for (const text of [
        'жёлтая',
        'СУБМАРИНА',
        'yellow_sub',
        'zebra',
        'финансы',
        'ZEBRA_MONEY',
        ourChannel.slice(1, 6),
        // Short texts that name counterparts, contacts and channels at once: the deals of each kind of match together.
        'ов',
        'а',
      ]) {
        const found = await all(mine, `sort=${sort}&q=${encodeURIComponent(text)}`);
        const expected = everything.filter((deal) => matches(deal, text));
        expect(expected.length, text).toBeGreaterThan(0);
        expect(
          found.map((deal) => deal.id),
          `${sort} ${text}`,
        ).toEqual(expected.map((deal) => deal.id));
      }
    }
  });

  it('reads ё as е both ways, as people type it', async () => {
    const [yellow] = await all(mine, `q=${encodeURIComponent('Жёлтая')}`);
    expect(yellow?.external?.name).toBe('Жёлтая Субмарина');
    expect((await all(mine, `q=${encodeURIComponent('желтая суб')}`)).map((deal) => deal.id)).toEqual([
      yellow?.id,
    ]);
    expect((await all(mine, `q=${encodeURIComponent('ЖЕЛТАЯ')}`)).map((deal) => deal.id)).toEqual([
      yellow?.id,
    ]);
  });

  it('finds by a Telegram link or @mention what the name finds, in the list and its summary (issue 33)', async () => {
    for (const name of ['zebra_money', 'yellow_sub', 'zebra_mon']) {
      const ids = (await all(mine, `q=${name}`)).map((deal) => deal.id);
      expect(ids.length, name).toBe(1);
      const summary = (await get(mine, `${base}/summary?q=${name}`)).json();
      for (const typed of [
        `@${name}`,
        `t.me/${name}`,
        `https://t.me/${name}`,
        ` https://t.me/s/${name}/7 `,
      ]) {
        const q = encodeURIComponent(typed);
        expect(
          (await all(mine, `q=${q}`)).map((deal) => deal.id),
          typed,
        ).toEqual(ids);
        expect((await get(mine, `${base}/summary?q=${q}`)).json(), typed).toEqual(summary);
      }
    }
    // Another site's link is a text like any other: it names nothing here.
    expect(await all(mine, `q=${encodeURIComponent('https://example.com/zebra_money')}`)).toEqual([]);
  });

  it('treats % and _ as letters, finds nothing for an unknown text, and ignores a blank one', async () => {
    const percent = await all(mine, `q=${encodeURIComponent('100%')}`);
    expect(percent.map((deal) => deal.external?.name)).toEqual(['100% скидки']);
    expect(await all(mine, `q=${encodeURIComponent('%')}`)).toHaveLength(1);
    expect(await all(mine, 'q=nothing-like-this')).toEqual([]);
    expect((await all(mine, 'q=%20%20')).length).toBe((await all(mine, '')).length);
  });

  it('combines the search with the other filters', async () => {
    const otherChannel = (await get(mine, '/api/channel?limit=2')).json().items[1].id;
    expect(await all(mine, `q=zebra&channelId=${channelId}`)).toHaveLength(1);
    expect(await all(mine, `q=zebra&channelId=${otherChannel}`)).toEqual([]);
    const period = encodeURIComponent('=bt=(2026-05-01,2026-05-05)');
    const inPeriod = await all(mine, `q=${encodeURIComponent('а')}&${names.dateCondition}=${period}`);
    expect(inPeriod.map((deal) => deal.date).every((day) => day >= '2026-05-01' && day <= '2026-05-05')).toBe(
      true,
    );
    // The placement order of a period takes its own plan (deal-list.order.ts), for each kind of match as well.
    const byPlacement = await all(mine, 'sort=placement');
    const middle = byPlacement.map((deal) => deal.date).sort()[Math.floor(byPlacement.length / 2)] ?? '';
    const upTo = encodeURIComponent(`=le=${middle}`);
    const placedInPeriod = await all(
      mine,
      `sort=placement&q=${encodeURIComponent('а')}&${names.dateCondition}=${upTo}`,
    );
    expect(placedInPeriod.length).toBeGreaterThan(7);
    expect(placedInPeriod.map((deal) => deal.id)).toEqual(
      byPlacement.filter((deal) => matches(deal, 'а') && deal.date <= middle).map((deal) => deal.id),
    );
  });

  it('never finds another team’s deals', async () => {
    const found = await all(mine, `q=${encodeURIComponent('Субмарина')}`);
    expect(found).toHaveLength(1);
    const theirs_ = await all(theirs, `q=${encodeURIComponent('Субмарина')}`);
    expect(theirs_).toHaveLength(1);
    expect(theirs_[0]?.id).not.toBe(found[0]?.id);
  });

  it('orders by the deal date by default and by the placement time with sort=placement, page by page', async () => {
    const byDate = await all(mine, '');
    const dates = byDate.map((deal) => `${deal.date}|${String(deal.id).padStart(9, '0')}`);
    expect(dates).toEqual([...dates].sort().reverse());
    const byPlacement = await all(mine, 'sort=placement');
    const times = byPlacement.map(
      (deal) =>
        `${new Date(deal.accommodationCondition.accommodationTime).toISOString()}|${String(deal.id).padStart(9, '0')}`,
    );
    expect(times).toEqual([...times].sort().reverse());
    expect(byPlacement.map((deal) => deal.id).sort()).toEqual(byDate.map((deal) => deal.id).sort());
    // Within a period of deal dates the query takes another plan (deal-list.order.ts): the same order.
    const period = encodeURIComponent('=bt=(2000-01-01,2026-05-10)');
    const inPeriod = await all(mine, `sort=placement&${names.dateCondition}=${period}`);
    expect(inPeriod.length).toBeGreaterThan(1);
    expect(inPeriod).toEqual(byPlacement.filter((deal) => deal.date <= '2026-05-10'));
  });

  // The search's matches are kept by the team's data version (deal.service.ts): a write must never leave one stale.
  it('finds a counterpart by its new name from the first search after the write, list and summary alike', async () => {
    const count = async (text: string) => {
      const found = (await all(mine, `q=${encodeURIComponent(text)}`)).length;
      const summary = await get(mine, `${base}/summary?q=${encodeURIComponent(text)}`);
      expect(summary.json().count, text).toBe(found);
      return found;
    };
    expect(await count('Орион')).toBe(0);
    const created = await create(mine, payload(channelId, { [names.external]: { name: 'Орион Медиа' } }));
    expect(created.statusCode).toBe(201);
    expect(await count('Орион')).toBe(1);
    expect(await count('Вега')).toBe(0);
    const moved = await app.inject({
      method: 'PATCH',
      url: `${base}/${created.json().id}`,
      headers: { ...mine, ...sameOrigin },
      payload: { version: created.json().version, [names.external]: { name: 'Вега Медиа' } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await count('Вега')).toBe(1);
    expect(await count('Орион')).toBe(0);
    // The other team searching the same text has its own matches.
    expect((await all(theirs, `q=${encodeURIComponent('Вега')}`)).length).toBe(0);
  });

  it('refuses an unknown order and a cursor of the other order with a Russian 400', async () => {
    const bad = await get(mine, `${base}/filter?sort=price`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.sort).toEqual([
      kind === 'sale'
        ? 'Сортировка: date или placement'
        : 'Сортировка: date, placement, costPerSubscriber или cpm',
    ]);
    const cursor = (await get(mine, `${base}/filter?limit=1`)).json().nextCursor;
    const mixed = await get(mine, `${base}/filter?sort=placement&cursor=${encodeURIComponent(cursor)}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toMatch(/[а-я]/i);
    const long = await get(mine, `${base}/filter?q=${'я'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.q).toEqual(['Не длиннее 100 символов']);
  });
});

// The matches are kept per database: two databases in one process (as tests run them) can hold the same team id,
// data version and text, and each must find its own names.
describe('the search in two databases of one process', () => {
  it('finds each database’s own counterparts', async () => {
    const apps = [await createTestApp(), await createTestApp()];
    try {
      const found: number[] = [];
      for (const [app, name] of [
        [apps[0], 'Альфа Медиа'],
        [apps[1], 'Бета Медиа'],
      ] as const) {
        if (!app) throw new Error('no app');
        const headers = await signInDemo(app, 'two-databases');
        const channelId = (await app.inject({ url: '/api/channel?limit=1', headers })).json().items[0].id;
        const created = await app.inject({
          method: 'POST',
          url: '/api/sale',
          headers: { ...headers, ...sameOrigin },
          payload: salePayload(channelId, { externalChannelInfo: { name } }),
        });
        expect(created.statusCode, created.body).toBe(201);
        const search = await app.inject({
          url: `/api/sale/filter?q=${encodeURIComponent('Альфа')}`,
          headers,
        });
        found.push(search.json().items.length);
      }
      // Same team id, same version, same text: the second database has no «Альфа».
      expect(found).toEqual([1, 0]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
