import { count } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, deals, externalChannels } from '../../../src/db/schema/index.js';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

/**
 * Whatever a client sends, the answer is never a 5xx, and a refused request writes nothing: properties checked over
 * generated bodies and queries (bounded runs, fixed seed, so a failure can be replayed).
 */
describe('bad input never breaks the ledger', () => {
  let app: FastifyInstance;
  let headers: { cookie: string };
  let channelId: number;

  const rowCount = async () => {
    const [[d], [e], [c]] = await Promise.all([
      app.db.select({ n: count() }).from(deals),
      app.db.select({ n: count() }).from(externalChannels),
      app.db.select({ n: count() }).from(contacts),
    ]);
    return (d?.n ?? 0) + (e?.n ?? 0) + (c?.n ?? 0);
  };

  beforeAll(async () => {
    app = await createTestApp();
    headers = await signInDemo(app, 'fuzz');
    channelId = (await app.inject({ url: '/api/channel?limit=1', headers })).json().items[0].id;
  });
  afterAll(() => app.close());

  const anyValue = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.string(),
    fc.constantFrom(
      '',
      ' ',
      'all',
      '1',
      '-1',
      '1e999',
      'NaN',
      '2026-02-30',
      '=bt=(1,2)',
      't.me/+x',
      '@ok_name',
    ),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer()), { maxKeys: 3 }),
  );

  const fields = [
    'accommodationCondition',
    'advertisementFormatId',
    'advertisementTypeId',
    'channelId',
    'contactPerson',
    'externalChannelInfo',
    'externalChannel',
    'price',
    'saleDate',
    'purchaseDate',
    'soldByEmployeeId',
    'purchasedByEmployeeId',
    'statusId',
    'version',
  ];

  /** A valid-looking body with some fields replaced by anything. */
  const body = fc
    .record({
      kind: fc.constantFrom('sale', 'purchase'),
      broken: fc.dictionary(fc.constantFrom(...fields), anyValue, { minKeys: 1, maxKeys: 4 }),
    })
    .map(({ kind, broken }) => ({
      kind,
      payload: {
        accommodationCondition: { accommodationTime: '2026-05-20T10:00:00Z', durationType: 'INFINITY' },
        advertisementFormatId: 1,
        advertisementTypeId: 1,
        statusId: kind === 'sale' ? 1 : 11,
        channelId,
        price: 100,
        saleDate: '2026-05-20',
        purchaseDate: '2026-05-20',
        ...broken,
      },
    }));

  it('creates: 201 or 4xx, and a refusal writes no row', async () => {
    await fc.assert(
      fc.asyncProperty(body, async ({ kind, payload }) => {
        const before = await rowCount();
        const response = await app.inject({
          method: 'POST',
          url: `/api/${kind}`,
          headers: { ...headers, ...sameOrigin },
          payload,
        });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode !== 201) {
          expect(response.json().message).toMatch(/[а-яё]/i);
          expect(await rowCount()).toBe(before);
        }
      }),
      { numRuns: 150, seed: 20261122 },
    );
  });

  it('updates: 200 or 4xx, and a refusal changes nothing', async () => {
    const created = (
      await app.inject({
        method: 'POST',
        url: '/api/sale',
        headers: { ...headers, ...sameOrigin },
        payload: {
          accommodationCondition: { accommodationTime: '2026-05-20T10:00:00Z' },
          advertisementFormatId: 1,
          advertisementTypeId: 1,
          statusId: 1,
          channelId,
          price: 100,
          saleDate: '2026-05-20',
        },
      })
    ).json();
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: 4 }), async (patch) => {
        const before = (await app.inject({ url: `/api/sale/${created.id}`, headers })).json();
        const response = await app.inject({
          method: 'PATCH',
          url: `/api/sale/${created.id}`,
          headers: { ...headers, ...sameOrigin },
          payload: { version: before.version, ...patch },
        });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode !== 200) {
          expect((await app.inject({ url: `/api/sale/${created.id}`, headers })).json()).toEqual(before);
        }
      }),
      { numRuns: 100, seed: 20261123 },
    );
  });

  it('lists: any query string answers 200 or 400, never 5xx', async () => {
    const params = [
      'statusId',
      'channelId',
      'externalChannelId',
      'soldBy',
      'purchasedBy',
      'advertisementTypeId',
      'priceCondition',
      'saleDateCondition',
      'purchaseDateCondition',
      'limit',
      'cursor',
      'employeeId',
      'from',
      'to',
      'q',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/sale/filter',
          '/api/purchase/filter',
          '/api/sale',
          '/api/calendar',
          '/api/sale/externalChannels',
        ),
        fc.dictionary(
          fc.constantFrom(...params),
          fc.oneof(fc.string(), fc.constantFrom('all', ' ', '=bt=(a,b)', '==1', '1,2,x', '9'.repeat(30))),
          { maxKeys: 4 },
        ),
        async (path, query) => {
          const search = new URLSearchParams(query).toString();
          const response = await app.inject({ url: `${path}?${search}`, headers });
          expect([200, 400]).toContain(response.statusCode);
        },
      ),
      { numRuns: 200, seed: 20261124 },
    );
  });
});
