import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import type { Config } from '../env.js';
import type { TelegramClient } from '../modules/telegram/telegram.client.js';

/** What a job runs with: the database, Telegram, the settings, the log and the server's clock. */
export type JobContext = {
  db: Db;
  telegram: TelegramClient;
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
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
};

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
      ...(job.runAt ? { runAt: job.runAt } : {}),
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] });
}
