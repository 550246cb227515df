import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { concat } from './bytes.js';

/**
 * Where an embedded database lives: a folder on disk, or memory, loaded from an archive (`loadFrom`) and written to one
 * when closed (`saveTo`), as the tests migrate once and give each file a copy.
 */
export type EmbeddedOptions =
  | {
      dataDir: string;
      /**
       * true (the default) makes an acknowledged commit survive an OS crash or power loss, at one fsync a commit
       * (docs/decisions/011-embedded-database-durability.md); false keeps PGlite's own setting, which only survives
       * the process being killed.
       */
      durable?: boolean;
    }
  | { memory: true; loadFrom?: string; saveTo?: string };

/** The messages between the server and the database's thread: a connection's bytes each way, and closing. */
export type ToWorker =
  | { kind: 'data'; connection: number; data: Uint8Array }
  | { kind: 'end'; connection: number }
  | { kind: 'close' };
export type ToServer =
  | { kind: 'ready' }
  | { kind: 'data'; connection: number; data: Uint8Array }
  | { kind: 'failed'; connection: number; message: string }
  | { kind: 'closed' };

/** The worker's file: beside this one in the source, and beside the bundled server in dist/. */
const workerFile = new URL('./embedded-worker.js', import.meta.url);

/**
 * The embedded database on its own thread (embedded-worker.js): `connect` gives node-postgres a stream to it in place
 * of a socket. The database serves one connection at a time, so its pool must hold one.
 */
export async function startEmbedded(options: EmbeddedOptions, settings: Record<string, string>) {
  const worker = new Worker(workerFile, {
    workerData: { options, settings },
    // The thread inherits the process's flags, but --input-type (of a script given with -e) stops it from loading.
    execArgv: process.execArgv.filter((flag) => !flag.startsWith('--input-type')),
  });
  const sockets = new Map<number, WorkerSocket>();
  let stopped: Error | undefined;
  let onClosed: (() => void) | undefined;
  const stop = (reason: string) => {
    if (stopped) return;
    stopped = connectionFailure(`встроенная база остановилась: ${reason}`);
    if (!onClosed) process.emitWarning(stopped.message);
    for (const socket of sockets.values()) socket.destroy(stopped);
  };
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    const exited = (code: number) => reject(new Error(`встроенная база не запустилась (код ${code})`));
    worker.once('error', failed);
    worker.once('exit', exited);
    worker.once('message', () => {
      worker.off('error', failed);
      worker.off('exit', exited);
      resolve();
    });
  });
  worker.on('message', (message: ToServer) => {
    if (message.kind === 'data') {
      sockets
        .get(message.connection)
        ?.push(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength));
    } else if (message.kind === 'failed') {
      sockets.get(message.connection)?.destroy(connectionFailure(message.message));
    } else onClosed?.();
  });
  worker.on('error', (error) => stop(error.message));
  worker.on('exit', (code) => stop(`код выхода ${code}`));

  let next = 0;
  return {
    connect(): Duplex {
      const socket = new WorkerSocket(
        next++,
        (message, transfer) => worker.postMessage(message, transfer),
        () => sockets.delete(socket.id),
      );
      if (stopped) process.nextTick(() => socket.destroy(stopped));
      else sockets.set(socket.id, socket);
      return socket;
    },
    /** Closes the database, once the pool has ended. */
    async close() {
      if (stopped) return;
      const closed = new Promise<void>((resolve) => {
        onClosed = resolve;
      });
      worker.postMessage({ kind: 'close' } satisfies ToWorker);
      await closed;
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

/**
 * The database thread failed or stopped: SQLSTATE 08006 (connection failure), which the API answers with 503
 * (lib/database-errors.ts), as it answers a PostgreSQL server that went away.
 */
const connectionFailure = (message: string) => Object.assign(new Error(message), { code: '08006' });

/** What node-postgres needs of a socket, over the worker's messages; a tick's writes go as one message. */
class WorkerSocket extends Duplex {
  private pending: Buffer[] = [];
  constructor(
    readonly id: number,
    private readonly send: (message: ToWorker, transfer?: ArrayBuffer[]) => void,
    private readonly forget: () => void,
  ) {
    super();
  }
  connect() {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay() {
    return this;
  }
  setKeepAlive() {
    return this;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  override _read() {}
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    if (this.pending.push(chunk) === 1) process.nextTick(() => this.flush());
    callback();
  }
  private flush() {
    const data = concat(this.pending);
    this.pending = [];
    this.send({ kind: 'data', connection: this.id, data }, [data.buffer]);
  }
  override _final(callback: () => void) {
    this.push(null);
    callback();
  }
  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.forget();
    this.send({ kind: 'end', connection: this.id });
    callback(error);
  }
}
