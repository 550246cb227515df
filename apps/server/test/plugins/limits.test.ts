import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTS_BUSY } from '../../src/plugins/limits.js';
import { callerOf } from '../helpers/team.js';
import { createTestApp, signInDemo } from '../helpers/test-app.js';

type Headers = { cookie: string };

const busy = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(429);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.headers['content-disposition']).toBeUndefined();
  expect(response.json()).toEqual({ code: 'RATE_LIMITED', message: EXPORTS_BUSY });
};

describe('files one team is sent at once', () => {
  let app: FastifyInstance;
  let mine: Headers;
  let theirs: Headers;
  let purchaseId: number;
  const finance = '/api/finance/export?from=2032-01-01&to=2032-12-31&format=csv';

  /** An export whose download has begun and is not read: it stays open until the test reads it. */
  const held = async (who: Headers, url: string) => {
    const response = await app.inject({ url, headers: who, payloadAsStream: true });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const readWhole = async (response: LightMyRequestResponse) => {
    for await (const _ of response.stream());
  };

  beforeAll(async () => {
    app = await createTestApp();
    mine = await signInDemo(app, 'exports-mine');
    theirs = await signInDemo(app, 'exports-theirs');
    const { teamId } = await callerOf(app, mine);
    // Far more than the buffers between the file's stream and a reader that does not read (about 64 KB).
    const inserted = await app.db.execute(sql`
      insert into deals (team_id, kind, channel_id, status_id, placement_at, duration_type, price, deal_date)
      select ${teamId}, k.kind, (select min(id) from channels where team_id = ${teamId}),
        (select min(id) from deal_statuses s where s.kind = k.kind), now(), 'INFINITY', g,
        date '2032-01-01' + (g % 365)
      from generate_series(1, 4001) g,
        lateral (select case when g = 1 then 'purchase' else 'sale' end as kind) k
      returning id, kind`);
    purchaseId = Number(inserted.rows.find((row) => row.kind === 'purchase')?.id);
  });
  afterAll(() => app.close());

  it('refuses a third file of one team with 429 on every export, while another team is served', async () => {
    const first = await held(mine, finance);
    const second = await held(mine, '/api/sale/export?format=csv');

    for (const url of [
      '/api/purchase/export?format=xlsx',
      '/api/finance/export?from=2032-01-01&to=2032-01-31&format=xlsx',
      '/api/payroll/export?from=2032-01-01&to=2032-01-31&format=csv',
      `/api/purchase/${purchaseId}/subscribers.csv`,
    ]) {
      busy(await app.inject({ url, headers: mine }));
    }
    const other = await app.inject({ url: finance, headers: theirs });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-disposition']).toContain('attachment');

    // A file sent whole frees its place.
    await readWhole(first);
    const third = await app.inject({ url: `/api/purchase/${purchaseId}/subscribers.csv`, headers: mine });
    expect(third.statusCode).toBe(200);
    expect(third.body).toContain('Кто;Вступил;Вышел');
    await readWhole(second);
  });

  it('frees the place of a download the client aborted', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    /** Starts a download over HTTP, takes its first bytes and hangs up. */
    const aborted = () =>
      new Promise<number>((resolve, reject) => {
        const request = get(`${address}${finance}`, { headers: mine }, (response) => {
          response.once('data', () => {
            request.destroy();
            resolve(response.statusCode ?? 0);
          });
        });
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      });
    expect(await Promise.all([aborted(), aborted()])).toEqual([200, 200]);
    // The server learns of a hang-up on its next write: give it a moment.
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await app.inject({ url: '/api/payroll/export?from=2032-01-01&to=2032-01-31', headers: mine }))
        .statusCode;
    }
    expect(status).toBe(200);
  });
});

describe('requests per minute from one address', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ API_PER_MINUTE: '3' });
  });
  afterAll(() => app.close());

  it('answers 429 with Retry-After and a Russian message past API_PER_MINUTE, and only to that address', async () => {
    const call = (remoteAddress = '192.0.2.1') => app.inject({ url: '/api/health', remoteAddress });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Слишком много запросов. Попробуйте чуть позже',
    });
    expect((await call('192.0.2.2')).statusCode).toBe(200);
  });
});
