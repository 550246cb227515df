import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { enqueue, type Job, type JobContext, onEnqueue } from './queue.js';

/** How long a taken job is held: a worker that dies with it leaves it to others after this. */
export const LEASE_MS = 2 * 60_000;
/** Tries of one job before it is given up (logged, kept with its last error, and no longer blocks its kind). */
export const MAX_ATTEMPTS = 5;
/** The wait before the next try: 30 s, 1, 2, 4 min… at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);
/** The loop's poll when nothing is due; a job enqueued in this process wakes it at once. */
const IDLE_MS = 1000;

/**
 * Kinds whose jobs run one after another in the order of their keys (non-negative integers): a job is not taken
 * while an older one of its kind is not finished. Telegram's updates (keyed by update_id) so one chat's joins,
 * leaves and rights changes are handled in the order they happened, whichever process takes them.
 */
const ORDERED_KINDS = new Set(['telegram-update']);

type Claimed = { id: number; kind: string; key: string; payload: unknown; attempts: number };

export type Worker = {
  /** Runs every due job now, including those the jobs it runs enqueue, until none is due; answers how many ran. */
  runDue(): Promise<number>;
  /** Starts the loop: due jobs are run as they come (polled every second, at once on an enqueue in this process). */
  start(): void;
  /** Stops the loop and waits for the job it is running. */
  stop(): Promise<void>;
};

const periodStart = (now: Date, everyMs: number) => new Date(Math.floor(now.getTime() / everyMs) * everyMs);

/**
 * The durable queue's worker (decisions 019). Jobs are rows of `jobs`; a worker takes the soonest due one
 * (run_at, id) with FOR UPDATE SKIP LOCKED and marks it held until `locked_until`, so several processes never take
 * one job at once; a job it finishes gets `done_at`; one that throws is retried with a growing delay.
 */
export function createWorker(ctx: JobContext, registry: readonly Job<never>[]): Worker {
  const byKind = new Map(registry.map((job) => [job.kind, job as Job<unknown>]));
  const kinds = [...byKind.keys()];
  const recurring = registry.filter((job) => job.everyMs !== undefined);
  const { db, log } = ctx;

  // The period each recurring job was last enqueued for here: the loop's rounds do not ask the database every second.
  const enqueuedPeriod = new Map<string, number>();

  /** The current period of every recurring job: the same key from every process, so one row per period. */
  async function enqueueRecurring(now: Date) {
    for (const job of recurring) {
      const start = periodStart(now, job.everyMs ?? 1);
      if (enqueuedPeriod.get(job.kind) === start.getTime()) continue;
      await enqueue(db, { kind: job.kind, key: start.toISOString(), runAt: start });
      enqueuedPeriod.set(job.kind, start.getTime());
    }
  }

  async function claim(now: Date): Promise<Claimed | undefined> {
    const older = sql`select 1 from ${jobs} o where o.kind = ${jobs.kind} and o.done_at is null
      and (length(o.key), o.key) < (length(${jobs.key}), ${jobs.key})`;
    const ordered = [...ORDERED_KINDS];
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          lte(jobs.runAt, now),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
          inArray(jobs.kind, kinds),
          sql`(${jobs.kind} not in (${sql.join(
            ordered.map((k) => sql`${k}`),
            sql`, `,
          )}) or not exists (${older}))`,
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(jobs)
      .set({
        lockedUntil: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(inArray(jobs.id, due))
      .returning({
        id: jobs.id,
        kind: jobs.kind,
        key: jobs.key,
        payload: jobs.payload,
        attempts: jobs.attempts,
      });
    return row;
  }

  /** The row is still ours (same try, not finished): another worker took it only if our lease lapsed. */
  const ours = (job: Claimed) =>
    and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), isNull(jobs.doneAt));

  async function finish(tx: Db, job: Claimed) {
    const done = await tx
      .update(jobs)
      .set({ doneAt: ctx.now(), lockedUntil: null, lastError: null })
      .where(ours(job))
      .returning({ id: jobs.id });
    return done.length > 0;
  }

  async function fail(job: Claimed, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const givenUp = job.attempts >= MAX_ATTEMPTS;
    const now = ctx.now();
    await db
      .update(jobs)
      .set({
        lastError: message.slice(0, 2000),
        lockedUntil: null,
        ...(givenUp ? { doneAt: now } : { runAt: new Date(now.getTime() + retryDelayMs(job.attempts)) }),
      })
      .where(ours(job));
    if (givenUp) {
      log.error(
        { err: error, job: { kind: job.kind, key: job.key, attempts: job.attempts } },
        'job given up',
      );
    } else {
      log.warn(
        { err: error, job: { kind: job.kind, key: job.key, attempts: job.attempts } },
        'job failed, retrying',
      );
    }
  }

  async function runOne(job: Claimed) {
    const definition = byKind.get(job.kind);
    if (!definition) return;
    const run = { ...ctx, lastAttempt: job.attempts >= MAX_ATTEMPTS };
    try {
      if (definition.transactional?.(job.payload)) {
        // Its writes and the done mark commit together: a crash or a lapsed lease cannot apply them twice.
        await db.transaction(async (tx) => {
          await definition.run({ ...run, db: tx }, job.payload);
          if (!(await finish(tx, job))) throw new Error('the job was taken by another worker');
        });
      } else {
        await definition.run(run, job.payload);
        await finish(db, job);
      }
    } catch (error) {
      await fail(job, error);
    }
  }

  async function runDue() {
    await enqueueRecurring(ctx.now());
    let ran = 0;
    for (;;) {
      const job = await claim(ctx.now());
      if (!job) return ran;
      await runOne(job);
      ran++;
    }
  }

  let running: Promise<void> | undefined;
  let stopped = false;
  let wake: (() => void) | undefined;
  let unsubscribe: (() => void) | undefined;

  async function loop() {
    while (!stopped) {
      try {
        await runDue();
      } catch (error) {
        log.warn({ err: error }, 'job loop failed');
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, IDLE_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  return {
    runDue,
    start() {
      if (running) return;
      unsubscribe = onEnqueue(() => wake?.());
      running = loop();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      wake?.();
      await running;
    },
  };
}
