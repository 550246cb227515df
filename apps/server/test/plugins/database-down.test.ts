import { randomBytes } from 'node:crypto';
import { errorMessages } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/client.js';
import { salePayload } from '../helpers/deal-payload.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';
import { sameOrigin, signInDemo, testConfig } from '../helpers/test-app.js';

const provided = inject('database');

/** Only a server database can go away: embedded PGlite lives in the process. */
describe.runIf(provided.kind === 'postgres')('PostgreSQL not answering', () => {
  let app: FastifyInstance;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let admin: pg.Client;
  let headers: { cookie: string };
  let channelId: number;
  const name = `addesk_test_${randomBytes(6).toString('hex')}`;

  const unavailable = { code: 'UNAVAILABLE', message: errorMessages.UNAVAILABLE };
  const list = () => app.inject({ url: '/api/channel?limit=1', headers });
  const sell = () =>
    app.inject({
      method: 'POST',
      url: '/api/sale',
      headers: { ...headers, ...sameOrigin },
      payload: salePayload(channelId),
    });

  beforeAll(async () => {
    if (provided.kind !== 'postgres') return;
    admin = new pg.Client({ connectionString: provided.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${provided.template}`);
    const server = new URL(provided.adminUrl);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port) });
    const url = new URL(provided.adminUrl);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    app = await buildApp({
      config: testConfig(),
      database: await openDatabase({ url: url.toString() }),
      webRoot: false,
    });
    await app.ready();
    headers = await signInDemo(app, 'outage');
    channelId = (await list()).json().items[0].id;
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it('answers 503 with the contract body while the database is unreachable, and recovers by itself', async () => {
    expect((await list()).statusCode).toBe(200);

    await proxy.down();
    for (const answer of [await list(), await sell(), await list()]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual(unavailable);
    }

    await proxy.up();
    expect((await list()).statusCode).toBe(200);
    expect((await sell()).statusCode).toBe(201);
  });

  it('answers 503 when the connection is cut in the middle of a request', async () => {
    const pending = Promise.all([sell(), sell(), list()]);
    await proxy.down();
    for (const answer of await pending) expect([200, 201, 503], answer.body).toContain(answer.statusCode);
    await proxy.up();
    expect((await list()).statusCode).toBe(200);
  });
});
