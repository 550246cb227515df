// The ceilings of this machine for the same HTTP stack, not part of the product: a bare Fastify app run in a process
// of its own, like the product server, so that autocannon (in the benchmark's process) does not share its thread.
//   /small           a small JSON object
//   /page            the 50-deal page the product answers, as bytes from memory
//   /page-serialized the same page as objects, serialised on every request: what any server that builds its answer pays
//   /page-after-query the page from memory after one `select 1` round trip to the database being measured
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import { openDatabase } from '../../apps/server/src/db/client.js';

const env = (name: string) => process.env[name] ?? '';

const body = await readFile(env('CEILING_PAGE_FILE'), 'utf8');
const page: unknown = JSON.parse(body);
const database = env('DATABASE_URL')
  ? await openDatabase({ url: env('DATABASE_URL') })
  : env('DATA_DIR')
    ? await openDatabase({ dataDir: env('DATA_DIR') })
    : undefined;

const app = Fastify({ logger: false });
app.get('/small', async () => ({ status: 'ok' }));
app.get('/page', async (_request, reply) => reply.type('application/json').send(body));
app.get('/page-serialized', async (_request, reply) =>
  reply.type('application/json').send(JSON.stringify(page)),
);
app.get('/page-after-query', async (_request, reply) => {
  if (!database) return reply.status(404).send();
  await database.db.execute('select 1');
  return reply.type('application/json').send(body);
});
app.addHook('onClose', async () => database?.close());
await app.listen({ host: '127.0.0.1', port: Number(env('PORT')) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
