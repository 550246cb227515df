import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { csvStream } from '../../src/lib/files/csv.js';
import type { Cell, Column, Table } from '../../src/lib/files/table.js';
import { xlsxStream } from '../../src/lib/files/xlsx.js';

const columns: Column[] = [
  { header: 'Канал', type: 'text', width: 20 },
  { header: 'Стоимость', type: 'money', width: 12 },
];

/** An endless table that counts the batches read from it and tells when its reading was stopped. */
function endlessTable() {
  const reads = { batches: 0, stopped: false };
  async function* batches() {
    try {
      for (;;) {
        reads.batches++;
        await new Promise((resolve) => setImmediate(resolve));
        yield Array.from({ length: 2000 }, (_, i): Cell[] => [
          `Канал ${Math.random().toString(36)}`,
          i + 0.5,
        ]);
      }
    } finally {
      reads.stopped = true;
    }
  }
  return { reads, table: { columns, batches: batches() } satisfies Table };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ['csv', csvStream],
  ['xlsx', (table: Table) => xlsxStream(table, 'Продажи')],
] as const)('a %s export streamed through Fastify', (_format, stream) => {
  let app: FastifyInstance;
  let current: ReturnType<typeof endlessTable>;
  /** Whether the server has seen the download's socket close. */
  let closedOnServer = false;

  afterEach(() => app.close());

  async function serve() {
    app = Fastify();
    // As in the product: answers of 1 KB and more go out compressed when the client accepts it.
    await app.register(compress, { encodings: ['br', 'gzip'] });
    app.get('/export', (_request, reply) => {
      current = endlessTable();
      closedOnServer = false;
      reply.raw.once('close', () => {
        closedOnServer = true;
      });
      return reply.header('content-type', 'text/csv; charset=utf-8').send(stream(current.table));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('no address');
    return `http://127.0.0.1:${address.port}/export`;
  }

  it.each([{}, { 'accept-encoding': 'gzip' }])(
    'stops reading when the download is aborted (%o)',
    async (headers) => {
      const url = await serve();
      const request = get(url, { headers });
      const [response] = (await once(request, 'response')) as [IncomingMessage];
      await once(response, 'data');
      request.destroy();
      // Once the server has seen the socket close (when the machine lets it), the reading ends: the table is closed,
      // or, for an XLSX aborted during its fixed parts, the sheet was never begun.
      for (let waited = 0; !closedOnServer && waited < 10_000; waited += 100) await settle(100);
      const ended = () => current.reads.stopped || current.reads.batches === 0;
      for (let waited = 0; !ended() && waited < 10_000; waited += 100) await settle(100);
      expect(ended()).toBe(true);
      const after = current.reads.batches;
      await settle(300);
      expect(current.reads.batches).toBe(after);
    },
  );

  it('reads no further than the client takes (backpressure)', async () => {
    const url = await serve();
    const request = get(url);
    try {
      const [response] = (await once(request, 'response')) as [IncomingMessage];
      response.pause();
      // The reading stops once the socket's buffers are full (a few MB): wait until it has, however busy the machine.
      let held = -1;
      for (let waited = 0; held !== current.reads.batches && waited < 10_000; waited += 300) {
        held = current.reads.batches;
        await settle(300);
      }
      // Unchecked, an endless table would be read hundreds of times a second.
      expect(held).toBeLessThan(200);
      await settle(500);
      expect(current.reads.batches).toBe(held);
    } finally {
      request.destroy();
    }
  });
});
