import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';
import { jobs } from '../../src/db/schema/index.js';
import { KEEP_DONE_MS } from '../../src/jobs/cleanup.js';
import { enqueue, type Job, type JobContext } from '../../src/jobs/queue.js';
import { createWorker, MAX_ATTEMPTS, retryDelayMs } from '../../src/jobs/worker.js';
import { sharedDatabase } from '../helpers/shared-database.js';
import { createTestApp, testConfig } from '../helpers/test-app.js';

let now = new Date('2026-03-02T09:00:00Z');
const clock = () => now;
let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ BACKGROUND_JOBS: '0' }, { clock });
});
afterAll(() => app.close());

const context = (db: Db = app.db): JobContext => ({
  db,
  telegram: app.telegram,
  config: app.config,
  log: app.log,
  now: clock,
});

const rowsOf = (kind: string) => app.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(asc(jobs.id));

describe('the job worker', () => {
  it('runs due jobs in the order of run_at, then id, marks them done, and leaves future ones', async () => {
    const ran: string[] = [];
    const record: Job<{ name: string }> = {
      kind: 'test-order',
      run: async (_ctx, p) => void ran.push(p.name),
    };
    const worker = createWorker(context(), [record]);
    await enqueue(app.db, {
      kind: 'test-order',
      key: 'b',
      payload: { name: 'b' },
      runAt: new Date(now.getTime() - 1000),
    });
    await enqueue(app.db, {
      kind: 'test-order',
      key: 'a',
      payload: { name: 'a' },
      runAt: new Date(now.getTime() - 2000),
    });
    await enqueue(app.db, {
      kind: 'test-order',
      key: 'c',
      payload: { name: 'c' },
      runAt: new Date(now.getTime() - 1000),
    });
    await enqueue(app.db, {
      kind: 'test-order',
      key: 'later',
      payload: { name: 'later' },
      runAt: new Date(now.getTime() + 60_000),
    });
    // The same kind and key again is the same job.
    await enqueue(app.db, { kind: 'test-order', key: 'a', payload: { name: 'a2' } });

    expect(await worker.runDue()).toBe(3);
    expect(ran).toEqual(['a', 'b', 'c']);
    const rows = await rowsOf('test-order');
    expect(rows.filter((r) => r.doneAt).map((r) => r.key)).toEqual(['b', 'a', 'c']);
    expect(rows.find((r) => r.key === 'later')?.doneAt).toBeNull();
    expect(await worker.runDue()).toBe(0);
  });

  it('runs the jobs a job enqueues in the same runDue', async () => {
    const ran: string[] = [];
    const chain: Job<{ step: number }> = {
      kind: 'test-chain',
      async run(ctx, { step }) {
        ran.push(`step ${step}`);
        if (step < 3)
          await enqueue(ctx.db, { kind: 'test-chain', key: String(step + 1), payload: { step: step + 1 } });
      },
    };
    await enqueue(app.db, { kind: 'test-chain', key: '1', payload: { step: 1 } });
    expect(await createWorker(context(), [chain]).runDue()).toBe(3);
    expect(ran).toEqual(['step 1', 'step 2', 'step 3']);
  });

  it('retries a failing job later with the error kept, and gives it up after the last attempt', async () => {
    let tries = 0;
    const flaky: Job = {
      kind: 'test-flaky',
      async run() {
        tries++;
        throw new Error(`try ${tries} failed`);
      },
    };
    const worker = createWorker(context(), [flaky]);
    await enqueue(app.db, { kind: 'test-flaky', key: 'x' });
    const start = now;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await worker.runDue()).toBe(1);
      // Not again before its delay.
      expect(await worker.runDue()).toBe(0);
      const [row] = await rowsOf('test-flaky');
      expect(row?.attempts).toBe(attempt);
      expect(row?.lastError).toBe(`try ${attempt} failed`);
      expect(row?.lockedUntil).toBeNull();
      if (attempt < MAX_ATTEMPTS) {
        expect(row?.doneAt).toBeNull();
        expect(row?.runAt.getTime()).toBe(now.getTime() + retryDelayMs(attempt));
        now = new Date(now.getTime() + retryDelayMs(attempt));
      } else {
        expect(row?.doneAt).not.toBeNull();
      }
    }
    now = new Date(now.getTime() + 24 * 60 * 60_000);
    expect(await worker.runDue()).toBe(0);
    expect(tries).toBe(MAX_ATTEMPTS);
    now = start;
  });

  it('succeeds on a later try after a failure', async () => {
    let tries = 0;
    const once: Job = {
      kind: 'test-once-failing',
      async run() {
        tries++;
        if (tries === 1) throw new Error('Telegram не ответил');
      },
    };
    const worker = createWorker(context(), [once]);
    await enqueue(app.db, { kind: 'test-once-failing', key: 'x' });
    await worker.runDue();
    now = new Date(now.getTime() + retryDelayMs(1));
    expect(await worker.runDue()).toBe(1);
    const [row] = await rowsOf('test-once-failing');
    expect(row?.doneAt).not.toBeNull();
    expect(row?.lastError).toBeNull();
    expect(tries).toBe(2);
  });

  it('takes a job whose worker died (its lease lapsed) again, and no earlier', async () => {
    let tries = 0;
    const job: Job = { kind: 'test-lease', run: async () => void tries++ };
    await enqueue(app.db, { kind: 'test-lease', key: 'x' });
    // A worker took it and died: held, not done.
    await app.db
      .update(jobs)
      .set({ lockedUntil: new Date(now.getTime() + 60_000), attempts: 1 })
      .where(eq(jobs.kind, 'test-lease'));
    const worker = createWorker(context(), [job]);
    expect(await worker.runDue()).toBe(0);
    now = new Date(now.getTime() + 61_000);
    expect(await worker.runDue()).toBe(1);
    expect(tries).toBe(1);
  });

  it('runs a transactional job and its done mark in one transaction: a failure undoes its writes', async () => {
    let fail = true;
    const writer: Job<{ key: string }> = {
      kind: 'test-tx',
      transactional: () => true,
      async run(ctx) {
        await enqueue(ctx.db, { kind: 'test-tx-side', key: 'written' });
        if (fail) throw new Error('after the write');
      },
    };
    const worker = createWorker(context(), [writer]);
    await enqueue(app.db, { kind: 'test-tx', key: 'x' });
    await worker.runDue();
    expect(await rowsOf('test-tx-side')).toHaveLength(0);
    fail = false;
    now = new Date(now.getTime() + retryDelayMs(1));
    await worker.runDue();
    expect(await rowsOf('test-tx-side')).toHaveLength(1);
    expect((await rowsOf('test-tx'))[0]?.doneAt).not.toBeNull();
  });

  it('runs a recurring job once per period, however many workers enqueue it', async () => {
    let runs = 0;
    const hourly: Job = { kind: 'test-hourly', everyMs: 60 * 60_000, run: async () => void runs++ };
    now = new Date('2026-03-02T10:20:00Z');
    const a = createWorker(context(), [hourly]);
    const b = createWorker(context(), [hourly]);
    await a.runDue();
    await b.runDue();
    await a.runDue();
    expect(runs).toBe(1);
    now = new Date('2026-03-02T11:00:00Z');
    await b.runDue();
    await a.runDue();
    expect(runs).toBe(2);
    expect((await rowsOf('test-hourly')).map((r) => r.key)).toEqual([
      '2026-03-02T10:00:00.000Z',
      '2026-03-02T11:00:00.000Z',
    ]);
  });

  it('runs telegram updates in update_id order: one is not taken while an older one is not done', async () => {
    const ran: number[] = [];
    let failing = 5;
    const update: Job<{ update_id: number }> = {
      kind: 'telegram-update',
      async run(_ctx, { update_id }) {
        if (update_id === failing) throw new Error('not yet');
        ran.push(update_id);
      },
    };
    const worker = createWorker(context(), [update]);
    for (const id of [10, 9, 5, 100]) {
      await enqueue(app.db, { kind: 'telegram-update', key: String(id), payload: { update_id: id } });
    }
    expect(await worker.runDue()).toBe(1);
    expect(ran).toEqual([]);
    failing = -1;
    now = new Date(now.getTime() + retryDelayMs(1));
    expect(await worker.runDue()).toBe(4);
    expect(ran).toEqual([5, 9, 10, 100]);
  });

  it('runs by itself once started, at once on an enqueue, and stop() waits for the running job', async () => {
    let release = () => {};
    const events: string[] = [];
    const slow: Job = {
      kind: 'test-slow',
      async run() {
        events.push('started');
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        events.push('finished');
      },
    };
    const worker = createWorker(context(), [slow]);
    worker.start();
    await enqueue(app.db, { kind: 'test-slow', key: 'x' });
    await vi.waitFor(() => expect(events).toEqual(['started']), { timeout: 3000, interval: 20 });
    const stopped = worker.stop().then(() => events.push('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual(['started']);
    release();
    await stopped;
    expect(events).toEqual(['started', 'finished', 'stopped']);
    expect((await rowsOf('test-slow'))[0]?.doneAt).not.toBeNull();
  });

  it('deletes jobs finished more than a week ago', async () => {
    now = new Date('2026-03-20T12:00:00Z');
    await app.db.insert(jobs).values([
      { kind: 'test-old', key: 'old', doneAt: new Date(now.getTime() - KEEP_DONE_MS - 1000) },
      { kind: 'test-old', key: 'recent', doneAt: new Date(now.getTime() - KEEP_DONE_MS + 60_000) },
      { kind: 'test-old', key: 'waiting', runAt: new Date(now.getTime() - KEEP_DONE_MS * 2) },
    ]);
    await app.jobs.runDue();
    expect((await rowsOf('test-old')).map((r) => r.key)).toEqual(['recent', 'waiting']);
  });
});

describe('two server processes on one database', () => {
  it('handle Telegram updates strictly in update_id order between them', async () => {
    const { first, second } = await sharedDatabase();
    const apps = [
      await buildApp({ config: testConfig({ BACKGROUND_JOBS: '0' }), database: first, webRoot: false }),
      await buildApp({ config: testConfig({ BACKGROUND_JOBS: '0' }), database: second, webRoot: false }),
    ];
    try {
      const handled: number[] = [];
      let running = 0;
      let overlapped = false;
      const update: Job<{ update_id: number }> = {
        kind: 'telegram-update',
        async run(_ctx, { update_id }) {
          running++;
          if (running > 1) overlapped = true;
          await new Promise((resolve) => setTimeout(resolve, update_id % 3));
          handled.push(update_id);
          running--;
        },
      };
      const ids = Array.from({ length: 30 }, (_, n) => 2000 + n * 7);
      // Stored out of order (two webhook deliveries racing): the order is the update ids', not the rows'.
      for (const id of [...ids].reverse()) {
        await enqueue(first.db, { kind: 'telegram-update', key: String(id), payload: { update_id: id } });
      }
      const workers = apps.flatMap((a) =>
        [1, 2].map(() => createWorker({ ...context(a.db), log: a.log }, [update])),
      );
      // A worker that finds the next update held by another stops; run rounds until all are handled.
      while (handled.length < ids.length) await Promise.all(workers.map((w) => w.runDue()));
      expect(handled).toEqual(ids);
      expect(overlapped).toBe(false);
    } finally {
      for (const a of apps) await a.close();
    }
  });

  it('run each of many jobs exactly once between them', async () => {
    const { first, second } = await sharedDatabase();
    const apps = [
      await buildApp({ config: testConfig({ BACKGROUND_JOBS: '0' }), database: first, webRoot: false }),
      await buildApp({ config: testConfig({ BACKGROUND_JOBS: '0' }), database: second, webRoot: false }),
    ];
    try {
      const runs = new Map<string, number>();
      const count: Job<{ n: number }> = {
        kind: 'test-count',
        async run(_ctx, { n }) {
          runs.set(String(n), (runs.get(String(n)) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      };
      for (let n = 0; n < 40; n++)
        await enqueue(first.db, { kind: 'test-count', key: String(n), payload: { n } });
      const workers = apps.flatMap((a) =>
        [1, 2].map(() => createWorker({ ...context(a.db), log: a.log }, [count])),
      );
      const ran = await Promise.all(workers.map((w) => w.runDue()));
      expect(ran.reduce((a, b) => a + b, 0)).toBe(40);
      expect(runs.size).toBe(40);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
    } finally {
      for (const a of apps) await a.close();
    }
  });
});
