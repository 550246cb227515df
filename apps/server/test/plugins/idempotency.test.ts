import { errorMessages } from '@addesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredIdempotencyKeys } from '../../src/db/idempotency.js';
import { idempotencyKeys } from '../../src/db/schema/index.js';
import { salePayload } from '../helpers/deal-payload.js';
import { startFakeTelegram } from '../helpers/fake-telegram.js';
import { callerOf, countRows } from '../helpers/team.js';
import { createTestApp, sameOrigin, signInDemo } from '../helpers/test-app.js';

type Headers = { cookie: string };
type Team = { headers: Headers; teamId: number; employeeId: number; channelId: number };

describe('Idempotency-Key on create calls (decisions D5)', () => {
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeTelegram>>;
  let mine: Team;
  let theirs: Team;

  const signIn = async (key: string): Promise<Team> => {
    const headers = await signInDemo(app, key);
    const channelId = (await app.inject({ url: '/api/channel?limit=1', headers })).json().items[0].id;
    return { headers, channelId, ...(await callerOf(app, headers)) };
  };

  const post = (team: Team, url: string, payload: object, key?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...team.headers, ...sameOrigin, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload,
    });

  /** The five create calls: a body, another body, and the table a call adds a row to. */
  const calls = [
    {
      url: '/api/sale',
      table: 'deals',
      body: (t: Team) => salePayload(t.channelId),
      other: (t: Team) => salePayload(t.channelId, { price: 1 }),
    },
    {
      url: '/api/purchase',
      table: 'deals',
      body: (t: Team) => {
        const {
          advertisementTypeId: _,
          statusId: __,
          externalChannelInfo,
          saleDate,
          ...rest
        } = salePayload(t.channelId);
        return { ...rest, externalChannel: externalChannelInfo, purchaseDate: saleDate };
      },
      other: (t: Team) => {
        const {
          advertisementTypeId: _,
          statusId: __,
          externalChannelInfo,
          saleDate: ___,
          ...rest
        } = salePayload(t.channelId);
        return { ...rest, externalChannel: externalChannelInfo, purchaseDate: '2026-05-19' };
      },
    },
    {
      url: '/api/employee',
      table: 'employees',
      body: () => ({ firstName: 'Пётр', secondName: 'Повторов' }),
      other: () => ({ firstName: 'Павел', secondName: 'Повторов' }),
    },
    {
      url: '/api/paymentMethod',
      table: 'payment_methods',
      body: (t: Team) => ({
        employeeId: t.employeeId,
        paymentMethodTypeId: 1,
        credentials: '2200 1111 2222 3333',
      }),
      other: (t: Team) => ({
        employeeId: t.employeeId,
        paymentMethodTypeId: 1,
        credentials: '2200 9999 8888 7777',
      }),
    },
    {
      url: '/api/channel',
      table: 'channels',
      body: () => ({ telegramNickName: '@retry_news', description: '' }),
      other: () => ({ telegramNickName: '@retry_news', description: 'другое описание' }),
    },
  ];

  beforeAll(async () => {
    fake = await startFakeTelegram([{ id: -1009, title: 'Повторные новости', username: 'retry_news' }]);
    app = await createTestApp(fake.env);
    mine = await signIn('idempotency-mine');
    theirs = await signIn('idempotency-theirs');
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it.each(calls)(
    '$url: the same key and body answer the first result and create nothing more',
    async (call) => {
      const key = `same-${call.url}`;
      const first = await post(mine, call.url, call.body(mine), key);
      expect(first.statusCode, first.body).toBe(201);
      const before = await countRows(app, call.table, mine.teamId);

      const again = await post(mine, call.url, call.body(mine), key);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(await countRows(app, call.table, mine.teamId)).toBe(before);

      const reused = await post(mine, call.url, call.other(mine), key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: errorMessages.IDEMPOTENCY_KEY_REUSED,
      });
      expect(await countRows(app, call.table, mine.teamId)).toBe(before);
    },
  );

  it('refuses a key already used for another call with 422', async () => {
    expect((await post(mine, '/api/employee', { firstName: 'Ключ' }, 'shared-key')).statusCode).toBe(201);
    const response = await post(mine, '/api/sale', salePayload(mine.channelId), 'shared-key');
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses a malformed key with 400 in Russian naming the header, and creates nothing', async () => {
    const before = await countRows(app, 'deals', mine.teamId);
    for (const key of ['', 'x'.repeat(201), 'ключ', 'two words', 'tab\there']) {
      const response = await post(mine, '/api/sale', salePayload(mine.channelId), key);
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(response.json().message).toContain('Idempotency-Key');
    }
    expect((await post(mine, '/api/sale', salePayload(mine.channelId), 'x'.repeat(200))).statusCode).toBe(
      201,
    );
    expect(await countRows(app, 'deals', mine.teamId)).toBe(before + 1);
  });

  it('keeps keys per team: another team using the same key creates its own record', async () => {
    const ours = await post(mine, '/api/sale', salePayload(mine.channelId), 'team-key');
    const their = await post(theirs, '/api/sale', salePayload(theirs.channelId), 'team-key');
    expect([ours.statusCode, their.statusCode]).toEqual([201, 201]);
    expect(their.json().id).not.toBe(ours.json().id);
    expect(their.json().channelInfo.id).toBe(theirs.channelId);
  });

  it('works as before without the header: every call creates', async () => {
    const a = await post(mine, '/api/sale', salePayload(mine.channelId));
    const b = await post(mine, '/api/sale', salePayload(mine.channelId));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().id).not.toBe(a.json().id);
  });

  it('stores no failure: a retry after an error runs again', async () => {
    const failed = await post(mine, '/api/sale', salePayload(999_999_999), 'after-error');
    expect(failed.statusCode).toBe(404);
    const retried = await post(mine, '/api/sale', salePayload(mine.channelId), 'after-error');
    expect(retried.statusCode).toBe(201);
  });

  it('treats a key older than 24 hours as new, and the sweeper deletes only such keys', async () => {
    const first = await post(mine, '/api/sale', salePayload(mine.channelId), 'old-key');
    const key = and(eq(idempotencyKeys.teamId, mine.teamId), eq(idempotencyKeys.key, 'header:old-key'));
    await app.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(key);
    const later = await post(mine, '/api/sale', salePayload(mine.channelId), 'old-key');
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
    // Taken over as new: its age starts again, so it is not swept...
    expect(await deleteExpiredIdempotencyKeys(app.db, new Date())).toBe(0);
    // ...until it is 24 hours old.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    const total = (await app.db.select().from(idempotencyKeys)).length;
    expect(await deleteExpiredIdempotencyKeys(app.db, tomorrow)).toBe(total);
  });

  it('documents the header in the OpenAPI schema of the five calls', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    for (const { url } of calls) {
      const parameters: { in: string; name: string }[] = doc.paths[url].post.parameters ?? [];
      expect(parameters, url).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
      );
    }
  });
});
