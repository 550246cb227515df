import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import type { Config } from '../env.js';
import type { TelegramClient } from '../modules/telegram/index.js';

/** What a job runs with: the database, Telegram, the settings, the log and the server's clock. */
export type JobContext = {
  db: Db;
  telegram: TelegramClient;
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
  /** True on the worker's last try of this job: a job reporting its fate to a user says so now, not never. */
  lastAttempt?: boolean;
};

/**
 * A kind of background work (decisions 019). `run` is called once per enqueued (kind, key); when it throws, the job
 * is tried again later. `everyMs` makes it recurring: the workers enqueue it once per period, keyed by the period's
 * start, so several processes still run each period once.
 */
export type Job<P = unknown> = {
  kind: string;
  run(ctx: JobContext, payload: P): Promise<void>;
  everyMs?: number;
  /**
   * True for a job (or a payload of it) that only writes to the database: it runs in the transaction that marks it
   * done, so it takes effect exactly once even when a worker dies mid-way. Jobs that call Telegram leave it unset
   * (no transaction is held open over the network) and make their effect idempotent instead.
   */
  transactional?: (payload: P) => boolean;
};

const DUE_AT_ONCE = new Date(0);

const listeners = new Set<() => void>();

/** Calls `listener` after each enqueue in this process (the worker's loop wakes at once); answers the unsubscribe. */
export function onEnqueue(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export type JobRequest = { kind: string; key: string; payload?: unknown; runAt?: Date; teamId?: number };

/**
 * Adds a job unless one of the same kind and key exists (done or not), in the caller's transaction when given one:
 * a job enqueued by a write is committed with it or not at all.
 */
export async function enqueue(db: Db, job: JobRequest) {
  await db
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      payload: job.payload ?? {},
      teamId: job.teamId,
      // Without a time it is due at once by any clock, the test's too (the worker compares run_at with the app's clock).
      runAt: job.runAt ?? DUE_AT_ONCE,
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] });
  // Inside a transaction the row is not visible yet: the loop then finds it at its next poll, a second later.
  for (const listener of listeners) listener();
}
