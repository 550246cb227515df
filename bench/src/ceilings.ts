// The ceilings of this machine for the same HTTP stack, not part of the product: a bare Fastify app run in a process
// of its own, like the product server, so that autocannon (in the benchmark's process) does not share its thread.
//   /small           a small JSON object
//   /page            the 50-deal page the product answers, as bytes from memory
//   /page-serialized the same page as objects, serialised on every request: what any server that builds its answer pays
//   /page-after-query the page from memory after one `select 1` round trip to the database being measured
//   /reference/<kind>/filter the list answered by a hand-written query and mapping (reference.ts)
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { type ReferenceQuery, registerReference } from './reference.js';

const env = (name: string) => process.env[name] ?? '';

const body = await readFile(env('CEILING_PAGE_FILE'), 'utf8');
const page: unknown = JSON.parse(body);

// Dates and times as text, as a hand-written mapping would take them; bigint as a number (ids stay below 2^53).
const raw = (value: string) => value;
const parsers = { 1082: raw, 1184: raw, 20: Number };

/** The database being measured, opened as the product opens it (an embedded one through its own thread). */
async function connect(): Promise<{ query: ReferenceQuery; close(): Promise<void> } | undefined> {
  const options = env('DATABASE_URL')
    ? { url: env('DATABASE_URL') }
    : env('DATA_DIR')
      ? { dataDir: env('DATA_DIR') }
      : undefined;
  if (!options) return undefined;
  const { pool, close } = await openDatabase(options);
  const names = new Map<string, string>();
  const types = {
    getTypeParser: (id: number) => parsers[id as keyof typeof parsers] ?? pg.types.getTypeParser(id),
  };
  return {
    query: (text, values, plan) => {
      let name = names.get(text);
      if (!name && plan === 'generic') {
        name = `reference_${names.size + 1}`;
        names.set(text, name);
      }
      return pool.query({ name, text, values, types });
    },
    close,
  };
}

const database = await connect();
const app = Fastify({ logger: false });
app.get('/small', async () => ({ status: 'ok' }));
app.get('/page', async (_request, reply) => reply.type('application/json').send(body));
app.get('/page-serialized', async (_request, reply) =>
  reply.type('application/json').send(JSON.stringify(page)),
);
app.get('/page-after-query', async (_request, reply) => {
  if (!database) return reply.status(404).send();
  await database.query('select 1', [], 'generic');
  return reply.type('application/json').send(body);
});
if (database) registerReference(app, database.query);
app.addHook('onClose', async () => database?.close());
await app.listen({ host: '127.0.0.1', port: Number(env('PORT')) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
