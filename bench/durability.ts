// Cost and effect of the embedded database's durability (docs/decisions/011-embedded-database-durability.md).
//
//   npx tsx bench/durability.ts [--commits 200] [--rounds 5]
//
// For each mode (`default`: PGlite as it ships, `durable`: openDatabase's default), a child process opens a fresh
// data folder through apps/server/src/db/client.ts and runs N single-row INSERT commits, N drizzle transactions
// of an INSERT and an UPDATE (the shape of a service's write), and, on the migrated database, N sales created through
// the app (POST /api/sale by app.inject, signed in as the demo team: the real write path without the network). Rounds alternate the order of the modes, as other work on
// a shared machine shifts timings. With strace installed, the fsync/fdatasync calls of N commits are counted as the
// difference between a child that commits N times and one that commits 0 times (both open, create and close the same).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';

const MODES = ['default', 'durable'] as const;
type Mode = (typeof MODES)[number];
type ChildResult = { openMs: number; single: number[]; transaction: number[]; sale: number[] };
const KINDS = ['single', 'transaction', 'sale'] as const;

const self = fileURLToPath(import.meta.url);

async function child(mode: Mode, commits: number, withApp: boolean): Promise<ChildResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'addesk-durability-'));
  try {
    let started = performance.now();
    const database = await openDatabase({ dataDir, durable: mode === 'durable' });
    const openMs = performance.now() - started;
    const { db } = database;
    await db.execute(
      sql`create table bench_row (id serial primary key, team_id uuid not null, note text not null)`,
    );
    const teamId = '00000000-0000-4000-8000-000000000001';
    const single: number[] = [];
    for (let index = 0; index < commits; index += 1) {
      started = performance.now();
      await db.execute(sql`insert into bench_row (team_id, note) values (${teamId}, ${`row ${index}`})`);
      single.push(performance.now() - started);
    }
    const transaction: number[] = [];
    for (let index = 0; index < commits; index += 1) {
      started = performance.now();
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into bench_row (team_id, note) values (${teamId}, 'tx')`);
        await tx.execute(
          sql`update bench_row set note = 'tx done' where team_id = ${teamId} and id = currval('bench_row_id_seq')`,
        );
      });
      transaction.push(performance.now() - started);
    }
    if (!withApp) {
      await database.close();
      return { openMs, single, transaction, sale: [] };
    }
    await database.migrate();
    const sale = await createSales(database, commits);
    return { openMs, single, transaction, sale };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** N sales through the app's own route, service and repository; the app closes the database. */
async function createSales(database: Awaited<ReturnType<typeof openDatabase>>, commits: number) {
  // Loaded here, so that the SQL phases measure the database alone even while the app does not build.
  const { buildApp } = await import('../apps/server/src/app.js');
  const { loadConfig } = await import('../apps/server/src/env.js');
  const publicUrl = 'http://localhost:3000';
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_LOGIN: '1',
    PUBLIC_URL: publicUrl,
  });
  const app = await buildApp({ config, database, webRoot: false });
  try {
    const login = await app.inject({ url: '/api/auth/login?authBy=demo' });
    const cookie = String(login.headers['set-cookie']).match(/addesk_session=[^;]*/)?.[0];
    if (!cookie) throw new Error('demo sign-in failed');
    const channels = (await app.inject({ url: '/api/channel?limit=1', headers: { cookie } })).json();
    const channelId = (channels.items as { id: number }[])[0]?.id;
    const payload = JSON.stringify({
      accommodationCondition: { accommodationTime: '2026-06-01T12:00:00+03:00' },
      advertisementFormatId: 1,
      advertisementTypeId: 1,
      statusId: 1,
      channelId,
      price: 15000,
      saleDate: '2026-06-01',
    });
    const times: number[] = [];
    for (let index = 0; index < commits; index += 1) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/sale',
        headers: { cookie, origin: publicUrl, 'content-type': 'application/json' },
        payload,
      });
      times.push(performance.now() - started);
      if (response.statusCode !== 201)
        throw new Error(`POST /api/sale: ${response.statusCode} ${response.body}`);
    }
    return times;
  } finally {
    await app.close();
  }
}

function runChild(mode: Mode, commits: number, withApp: boolean, straceOutput?: string): ChildResult {
  const node = [
    process.execPath,
    '--import',
    'tsx',
    self,
    'child',
    mode,
    String(commits),
    withApp ? 'app' : 'sql',
  ];
  const [command, ...args] = straceOutput
    ? [
        'strace',
        '-f',
        '-qq',
        '-c',
        '-e',
        'trace=fsync,fdatasync,sync_file_range,msync',
        '-o',
        straceOutput,
        ...node,
      ]
    : node;
  const run = spawnSync(command as string, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`${mode} child failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as ChildResult;
}

/** fsync-family calls in a strace -c summary, by name. */
function syncCalls(summary: string): Record<string, number> {
  const calls: Record<string, number> = {};
  for (const line of summary.split('\n')) {
    const match = line
      .trim()
      .match(/^\S+\s+\S+\s+\S+\s+(\d+)\s+(?:\d+\s+)?(fsync|fdatasync|sync_file_range|msync)$/);
    if (match) calls[match[2] as string] = Number(match[1]);
  }
  return calls;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor((values.length * p) / 100))
  ] as number;
const round = (value: number) => Math.round(value * 100) / 100;

async function main() {
  const [, , role, ...rest] = process.argv;
  if (role === 'child') {
    const result = await child(rest[0] as Mode, Number(rest[1]), rest[2] === 'app');
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const option = (name: string, fallback: number) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? Number(process.argv[index + 1]) : fallback;
  };
  const commits = option('commits', 200);
  const rounds = option('rounds', 5);
  console.log(
    `${commits} commits of each kind, ${rounds} rounds, load average ${(await import('node:os')).loadavg()}`,
  );

  let hasStrace = true;
  try {
    execFileSync('strace', ['-V'], { stdio: 'ignore' });
  } catch {
    hasStrace = false;
    console.log('strace not found: fsync counts skipped (apt-get install -y strace)');
  }
  if (hasStrace) {
    const straceDir = mkdtempSync(join(tmpdir(), 'addesk-strace-'));
    const count = (mode: Mode, n: number, withApp: boolean) => {
      const output = join(straceDir, `${mode}-${n}-${withApp}.txt`);
      runChild(mode, n, withApp, output);
      return syncCalls(readFileSync(output, 'utf8'));
    };
    const difference = (busy: Record<string, number>, idle: Record<string, number>) =>
      Object.fromEntries(
        [...new Set([...Object.keys(idle), ...Object.keys(busy)])].map((name) => [
          name,
          (busy[name] ?? 0) - (idle[name] ?? 0),
        ]),
      );
    for (const mode of MODES) {
      const idle = count(mode, 0, false);
      const sql = difference(count(mode, commits, false), idle);
      // With the app: the same 2N commits, then the migrations (in both runs) and N sales.
      const app = difference(count(mode, commits, true), count(mode, 0, true));
      console.log(
        `${mode}: sync calls for ${2 * commits} SQL commits`,
        sql,
        '(open + create + close alone:',
        idle,
        ')',
      );
      console.log(`${mode}: sync calls for ${commits} sales through the app`, difference(app, sql));
    }
    rmSync(straceDir, { recursive: true, force: true });
  }

  const runs: Record<Mode, ChildResult[]> = { default: [], durable: [] };
  for (let index = 0; index < rounds; index += 1) {
    const order = index % 2 ? [...MODES].reverse() : MODES;
    for (const mode of order) runs[mode].push(runChild(mode, commits, true));
  }
  for (const mode of MODES) {
    const describe = (kind: (typeof KINDS)[number]) => {
      const medians = runs[mode].map((run) => median(run[kind]));
      const p95s = runs[mode].map((run) => percentile(run[kind], 95));
      const throughput = runs[mode].map(
        (run) => (run[kind].length * 1000) / run[kind].reduce((a, b) => a + b, 0),
      );
      return {
        medianMs: round(median(medians)),
        medianMsRange: [round(Math.min(...medians)), round(Math.max(...medians))],
        p95Ms: round(median(p95s)),
        commitsPerSecond: round(median(throughput)),
        commitsPerSecondRange: [round(Math.min(...throughput)), round(Math.max(...throughput))],
      };
    };
    const opens = runs[mode].map((run) => run.openMs);
    console.log(mode, {
      ...Object.fromEntries(KINDS.map((kind) => [kind, describe(kind)])),
      openMs: round(median(opens)),
      openMsRange: [round(Math.min(...opens)), round(Math.max(...opens))],
    });
  }
}

await main();
