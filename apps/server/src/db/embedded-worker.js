// @ts-check
// The embedded database's thread (docs/decisions/021-embedded-database-thread.md). PGlite runs PostgreSQL compiled to
// WASM synchronously: on the HTTP thread each query held the server's only thread, and a connection that arrived
// meanwhile waited seconds for its first byte. Here it runs beside the server, which reaches it as it reaches a
// PostgreSQL server: node-postgres speaking the wire protocol, the bytes passed by message instead of over a socket.
//
// Plain JavaScript, type-checked from its JSDoc: Node 20 loads a worker's file itself, and neither tsx nor the test
// runner reach into worker threads, so this file must run as it is in development, in tests and in production.
import { writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { concat } from './bytes.js';
import { openPglite } from './pglite.js';

/** @typedef {import('./embedded.js').EmbeddedOptions} EmbeddedOptions */
/** @typedef {import('./embedded.js').ToWorker} ToWorker */
/** @typedef {import('./embedded.js').ToServer} ToServer */

/**
 * A simple-protocol query message ('Q').
 * @param {string} text
 */
function simpleQuery(text) {
  const body = Buffer.from(`${text}\0`);
  const message = Buffer.alloc(5 + body.length);
  message.write('Q');
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

// One PostgreSQL backend serves every connection in turn, so what one connection leaves behind (an open transaction
// after its client died, prepared statements) is cleared before the next one is served. Sync first ends an extended
// query left half-way, whose error would make the backend skip what follows.
const CLEAN_UP = [Buffer.from([0x53, 0, 0, 0, 4]), simpleQuery('rollback'), simpleQuery('deallocate all')];

const { options, settings } = /** @type {{ options: EmbeddedOptions; settings: Record<string, string> }} */ (
  workerData
);
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const pglite = await openPglite(options);
for (const [name, value] of Object.entries(settings)) await pglite.exec(`set ${name} = ${value}`);

/**
 * @param {ToServer} message
 * @param {ArrayBuffer[]} [transfer]
 */
const send = (message, transfer = []) => port.postMessage(message, transfer);

/**
 * Runs a batch of protocol messages; `answer` is the backend's answer, `ran` rejects if PGlite itself failed. All the
 * work is done before it returns, although PGlite's method is async: without `syncToFs` (a no-op on Node's file
 * systems) nothing in it waits, so batches never interleave. The streaming call, because the plain one
 * (`execProtocolRawSync`) also decodes every answer into objects it keeps: 235 MB of heap per 20 000 small queries,
 * never freed, and twice the time.
 * @param {Uint8Array} messages
 */
function run(messages) {
  /** @type {Uint8Array[]} */
  const chunks = [];
  const ran = pglite.execProtocolRawStream(messages, {
    syncToFs: false,
    // Each chunk is a view of PGlite's memory, which its next write reuses.
    onRawData: (chunk) => chunks.push(chunk.slice()),
  });
  const answer = chunks.length === 1 ? /** @type {Uint8Array} */ (chunks[0]) : concat(chunks);
  return { answer, ran };
}

let used = false;
port.on('message', async (/** @type {ToWorker} */ message) => {
  if (message.kind === 'data') {
    const { connection } = message;
    const { answer, ran } = run(message.data);
    used = true;
    if (answer.length > 0)
      send({ kind: 'data', connection, data: answer }, [/** @type {ArrayBuffer} */ (answer.buffer)]);
    ran.catch((error) =>
      send({
        kind: 'failed',
        connection,
        message: error instanceof Error ? error.message : JSON.stringify(error),
      }),
    );
  } else if (message.kind === 'end') {
    if (used) for (const query of CLEAN_UP) await run(query).ran;
    used = false;
  } else {
    if ('memory' in options && options.saveTo) {
      await writeFile(options.saveTo, Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
    }
    await pglite.close();
    send({ kind: 'closed' });
    port.close();
  }
});
send({ kind: 'ready' });
