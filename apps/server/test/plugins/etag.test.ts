import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salePayload } from '../helpers/deal-payload.js';
import { createTestApp, sameOrigin, signInDemo } from '../helpers/test-app.js';

// Repeat reads (docs/decisions/020): an answer's ETag is made of the team's data version, so a matching
// If-None-Match answers 304 without the handler, and any write of the team's data makes the old ETag stale.

type Headers = { cookie: string };

/** Every GET that opts in, with the query the screens send. */
const REPEATABLE = [
  '/api/sale/filter',
  '/api/purchase/filter?sort=placement',
  '/api/sale/summary',
  '/api/purchase/summary',
  '/api/calendar?from=2026-05-01&to=2026-05-31',
  '/api/schedule?from=2026-05-01&to=2026-05-31',
  '/api/finance/summary?from=2026-05-01&to=2026-05-31',
  '/api/finance/debts',
];

describe('ETag and 304 of repeat reads', () => {
  let app: FastifyInstance;
  let now = new Date('2026-05-20T12:00:00Z');
  let mine: Headers;
  let theirs: Headers;
  let channelId: number;

  const get = (headers: Headers, url: string, etag?: string) =>
    app.inject({ url, headers: { ...headers, ...(etag ? { 'if-none-match': etag } : {}) } });
  const send = (headers: Headers, method: 'POST' | 'PATCH', url: string, payload: object) =>
    app.inject({ method, url, headers: { ...headers, ...sameOrigin }, payload });
  /** The current ETag of a GET, after checking its 200 carries it and asks to revalidate. */
  async function etagOf(headers: Headers, url: string) {
    const response = await get(headers, url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const etag = response.headers.etag;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    return etag as string;
  }

  beforeAll(async () => {
    app = await createTestApp({}, { clock: () => now });
    mine = await signInDemo(app, 'etag-mine');
    theirs = await signInDemo(app, 'etag-theirs');
    channelId = (await get(mine, '/api/channel?limit=1')).json().items[0].id;
  });
  afterAll(() => app.close());

  it.each(REPEATABLE)('%s answers 304 with no body to its own ETag', async (url) => {
    const etag = await etagOf(mine, url);
    const repeat = await get(mine, url, etag);
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
    expect(repeat.headers.etag).toBe(etag);
    expect(repeat.headers['cache-control']).toBe('private, no-cache');
    // Several tags, strong or weak, as a browser or a proxy may send them.
    expect((await get(mine, url, `"other", ${etag.replace('W/', '')}`)).statusCode).toBe(304);
  });

  it('a single deal answers 304 too, and 404 for another team even with a matching tag', async () => {
    const created = await send(mine, 'POST', '/api/sale', salePayload(channelId));
    const url = `/api/sale/${created.json().id}`;
    const etag = await etagOf(mine, url);
    expect((await get(mine, url, etag)).statusCode).toBe(304);
    expect((await get(theirs, url, etag)).statusCode).toBe(404);
  });

  it('another team, another address or another day never matches', async () => {
    const url = '/api/sale/filter';
    const etag = await etagOf(mine, url);
    expect((await get(theirs, url, etag)).statusCode).toBe(200);
    expect((await get(mine, `${url}?limit=5`, etag)).statusCode).toBe(200);
    // At the team's midnight unpaid deals may turn overdue with no write at all.
    now = new Date(now.getTime() + 24 * 3600_000);
    expect((await get(mine, url, etag)).statusCode).toBe(200);
  });

  it('never answers 304 with a stale answer: every kind of write changes the ETag', async () => {
    const url = '/api/sale/filter';
    let saleId = 0;
    const writes: [string, () => Promise<unknown>][] = [
      [
        'a new sale',
        async () => {
          const created = await send(mine, 'POST', '/api/sale', salePayload(channelId, { price: 777 }));
          saleId = created.json().id;
          return created;
        },
      ],
      [
        'a payment of a deal',
        () => send(mine, 'POST', `/api/sale/${saleId}/payments`, { amount: 100, paidAt: '2026-05-20' }),
      ],
      [
        'the master renamed (lists show who sold)',
        async () => {
          const { id, version } = (await get(mine, '/api/employee')).json();
          const name = { firstName: 'Переименован', secondName: 'Мастер', version };
          return send(mine, 'PATCH', `/api/employee/${id}`, name);
        },
      ],
      ['the team clock moved', () => send(mine, 'PATCH', '/api/settings', { timeZone: 'Asia/Omsk' })],
    ];
    for (const [what, write] of writes) {
      const before = await etagOf(mine, url);
      const response = (await write()) as { statusCode: number; body: string };
      expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(300);
      const after = await get(mine, url, before);
      expect(after.statusCode, what).toBe(200);
      expect(after.headers.etag, what).not.toBe(before);
    }
    const items = (await get(mine, url)).json().items as { price: number }[];
    expect(items.some((item) => item.price === 777)).toBe(true);
  });

  it("another team's writes leave our ETag valid", async () => {
    const url = '/api/purchase/filter';
    const etag = await etagOf(mine, url);
    const theirChannel = (await get(theirs, '/api/channel?limit=1')).json().items[0].id;
    expect((await send(theirs, 'POST', '/api/sale', salePayload(theirChannel))).statusCode).toBe(201);
    expect((await get(mine, url, etag)).statusCode).toBe(304);
  });

  it('a write that fails validation changes nothing, the ETag included', async () => {
    const url = '/api/sale/filter';
    const etag = await etagOf(mine, url);
    const bad = await send(mine, 'POST', '/api/sale', salePayload(channelId, { price: -1 }));
    expect(bad.statusCode).toBe(400);
    expect((await get(mine, url, etag)).statusCode).toBe(304);
  });

  it('a bad query is still a 400, whatever tag comes with it; answers that do not opt in stay no-store', async () => {
    const etag = await etagOf(mine, '/api/sale/filter');
    expect((await get(mine, '/api/sale/filter?limit=abc', etag)).statusCode).toBe(400);
    const profile = await get(mine, '/api/employee');
    expect(profile.headers['cache-control']).toBe('no-store');
    expect(profile.headers.etag).toBeUndefined();
    expect((await get({ cookie: '' }, '/api/sale/filter', etag)).statusCode).toBe(401);
  });

  it('signing out asks the browser to drop what it kept', async () => {
    const user = await signInDemo(app, 'etag-leaving');
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...user, ...sameOrigin },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['clear-site-data']).toBe('"cache"');
  });
});
