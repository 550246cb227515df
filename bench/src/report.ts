import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Size } from './data.js';
import type { Plan } from './explain.js';
import type { LoadResult } from './load.js';

export type Scenario = LoadResult & {
  name: string;
  list: boolean;
  /** A list's hand-written reference (reference.ts) on the same filters, measured right after it. */
  reference?: LoadResult;
  /** A repeat read answered 304 (If-None-Match with the current ETag). */
  repeat?: boolean;
  /** A money call (finance, the lists' totals, payroll, the marking month): the money targets apply. */
  money?: boolean;
  /** The same call with one connection: one person's wait for their screen. */
  single?: LoadResult;
};
export type DatabaseRun = {
  database: 'pglite' | 'postgres';
  /** `show server_version` of that database. */
  serverVersion: string;
  loadSeconds: number;
  plans: Plan[];
  scenarios: Scenario[];
};
export type Report = {
  size: Size;
  seconds: number;
  /** Seconds of each one-connection run (after a 1 s warm-up). */
  oneSeconds: number;
  ceilings: { small: LoadResult; page: LoadResult; serialized: LoadResult };
  runs: DatabaseRun[];
};

/**
 * The targets: on PostgreSQL every list at 90% of its hand-written reference and a repeat read (304) at 70% of the
 * page ceiling; on PGlite a list's p99 under 500 ms. A money call at 300 req/s on PostgreSQL and 100 on PGlite, p99
 * under 500 ms on both. With one connection every screen's call answers in under 20 ms (p50) on PostgreSQL, 40 on
 * PGlite.
 */
export const TARGETS = {
  postgres: { referenceShare: 0.9, repeatPageCeilingShare: 0.7, moneyPerSecond: 300, singleP50Ms: 20 },
  pglite: { listP99Ms: 500, moneyPerSecond: 100, singleP50Ms: 40 },
  moneyP99Ms: 500,
};

const docs = (name: string) => fileURLToPath(new URL(`../../docs/${name}`, import.meta.url));
const pct = (n: number) => `${Math.round(n * 100)}%`;

/** A latency, or a dash when no request was answered within the run. */
const ms = (result: LoadResult, value: number) => (result.requests === 0 ? '—' : String(value));

const miss = (text: string | false) => (text ? `нет: ${text}` : 'да');

function verdict(run: DatabaseRun, s: Scenario, pageCeiling: number, seconds: number): string {
  if (s.money && s.requests === 0) return `нет: ни одного ответа за ${seconds} с`;
  if (s.money) {
    const perSecond = TARGETS[run.database].moneyPerSecond;
    const misses = [
      s.requestsPerSecond < perSecond && `< ${perSecond} req/s`,
      s.p99 >= TARGETS.moneyP99Ms && `p99 ≥ ${TARGETS.moneyP99Ms} мс`,
    ].filter(Boolean);
    return misses.length > 0 ? `нет: ${misses.join(', ')}` : 'да';
  }
  if (run.database === 'pglite') {
    return s.list ? miss(s.p99 >= TARGETS.pglite.listP99Ms && `p99 ≥ ${TARGETS.pglite.listP99Ms} мс`) : '';
  }
  if (s.repeat) {
    const share = TARGETS.postgres.repeatPageCeilingShare;
    return miss(s.requestsPerSecond < pageCeiling * share && `< ${pct(share)} потолка`);
  }
  if (!s.reference) return '';
  const share = TARGETS.postgres.referenceShare;
  return miss(s.requestsPerSecond < s.reference.requestsPerSecond * share && `< ${pct(share)} ручного`);
}

function singleVerdict(run: DatabaseRun, single: LoadResult) {
  const limit = TARGETS[run.database].singleP50Ms;
  if (single.requests === 0) return 'нет: ни одного ответа';
  return miss(single.p50 >= limit && `p50 ≥ ${limit} мс`);
}

/** The parts a request goes through, as installed (not as package.json ranges allow). */
const MEASURED_PACKAGES = ['fastify', 'drizzle-orm', 'pg', '@electric-sql/pglite', 'zod', 'autocannon'];

async function installedVersions() {
  const versions: Record<string, string> = {};
  for (const name of MEASURED_PACKAGES) {
    const path = fileURLToPath(new URL(`../../node_modules/${name}/package.json`, import.meta.url));
    versions[name] = (JSON.parse(await readFile(path, 'utf8')) as { version: string }).version;
  }
  return versions;
}

export async function writeReport(report: Report) {
  const machine = {
    date: new Date().toISOString(),
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    versions: await installedVersions(),
  };
  await writeFile(docs('benchmarks.json'), `${JSON.stringify({ machine, ...report }, null, 2)}\n`);

  const { small, page, serialized } = report.ceilings;
  const lines = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/src/run.ts); the raw figures, with every query plan, are in',
    '[benchmarks.json](benchmarks.json). Benchmarks are not tests: nothing here is asserted in `npm test`. The import',
    'of 100 000 rows from a file (`npm run bench:import`) is in [benchmarks-import.md](benchmarks-import.md).',
    '',
    `- Machine: ${machine.cpu}, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.date.slice(0, 10)}.`,
    `- Versions: ${report.runs.map((r) => `${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite (PostgreSQL)'} ${r.serverVersion}`).join(', ')}; ${Object.entries(
      machine.versions,
    )
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}.`,
    `- Data: one team with ${report.size.dealsPerKind.toLocaleString('ru-RU')} sales and as many purchases over 3 years,`,
    `  ${report.size.channels} channels, ${report.size.employees} employees, ${report.size.counterparts.toLocaleString('ru-RU')} external channels and contacts,`,
    `  beside ${report.size.smallTeams} small teams.`,
    `- Load: autocannon on loopback, 50 connections, ${report.seconds} s per scenario after a 2 s warm-up, signed in. One person's`,
    `  wait: every screen's call again with one connection, ${report.oneSeconds} s after a 1 s warm-up (not the creations: each adds a deal`,
    '  to the team measured).',
    '- Ceilings: a bare Fastify app built by the benchmark (bench/src/ceilings.ts), in its own process like the',
    `  product server, same run: small JSON ${small.requestsPerSecond} req/s (p50 ${small.p50} ms, p99 ${small.p99} ms);`,
    `  the same 50-deal page from memory ${page.requestsPerSecond} req/s (p50 ${page.p50} ms, p99 ${page.p99} ms);`,
    `  that page serialised from objects on each request ${serialized.requestsPerSecond} req/s (p50 ${serialized.p50} ms, p99 ${serialized.p99} ms,`,
    `  ${pct(serialized.requestsPerSecond / page.requestsPerSecond)} of the page ceiling). Each database's table starts with its floor: the page from memory`,
    '  after one `select 1` round trip to that database.',
    '- Reference: each list is measured again, right after, as the same bare app answers it by hand',
    '  (bench/src/reference.ts: a hand-written session check, one hand-written query, rows mapped by hand, no ORM).',
    `- Targets: on PostgreSQL every list ≥ ${pct(TARGETS.postgres.referenceShare)} of its reference, a repeat read (304) ≥ ${pct(TARGETS.postgres.repeatPageCeilingShare)} of the page ceiling; on PGlite list p99 < ${TARGETS.pglite.listP99Ms} ms.`,
    `  Money calls (finance, the lists' totals, payroll, the marking month) ≥ ${TARGETS.postgres.moneyPerSecond} req/s on PostgreSQL and ≥ ${TARGETS.pglite.moneyPerSecond} on PGlite, p99 < ${TARGETS.moneyP99Ms} ms on both.`,
    `  With one connection every screen's call p50 < ${TARGETS.postgres.singleP50Ms} ms on PostgreSQL, < ${TARGETS.pglite.singleP50Ms} ms on PGlite.`,
    '',
  ];
  for (const run of report.runs) {
    const seqScans = run.plans.filter((p) => p.seqScanOnDeals || p.generic?.seqScanOnDeals);
    lines.push(
      `## ${run.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      '',
      `Loading the data took ${run.loadSeconds.toFixed(0)} s (INSERT ... SELECT over generate_series in chunks of 100 000 rows, indexes in place).`,
      '',
      '| scenario | req/s | p50 ms | p99 ms | of page ceiling | reference req/s (p99 ms) | of reference | errors / non-2xx | target met |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|',
      ...run.scenarios.map(
        (s) =>
          `| ${s.name} | ${s.requestsPerSecond} | ${ms(s, s.p50)} | ${ms(s, s.p99)} | ${pct(s.requestsPerSecond / page.requestsPerSecond)} | ${s.reference ? `${s.reference.requestsPerSecond} (${s.reference.p99})` : ''} | ${s.reference ? pct(s.requestsPerSecond / s.reference.requestsPerSecond) : ''} | ${s.errors} / ${s.non2xx - s.notModified} | ${verdict(run, s, page.requestsPerSecond, report.seconds)} |`,
      ),
      '',
      `One connection (one person's wait), target p50 < ${TARGETS[run.database].singleP50Ms} ms:`,
      '',
      '| scenario | req/s | p50 ms | p99 ms | errors / non-2xx | target met |',
      '|---|---:|---:|---:|---:|---|',
      ...run.scenarios.flatMap(({ name, single }) =>
        single
          ? [
              `| ${name} | ${single.requestsPerSecond} | ${ms(single, single.p50)} | ${ms(single, single.p99)} | ${single.errors} / ${single.non2xx - single.notModified} | ${singleVerdict(run, single)} |`,
            ]
          : [],
      ),
      '',
      `Query plans (EXPLAIN ANALYZE, BUFFERS) of every list filter combination of the screens and of the calendar${run.database === 'postgres' ? ', each planned for its values and as the generic plan of a prepared statement' : ''}: ${seqScans.length === 0 ? 'no sequential scan of the deals table in any of them' : `**sequential scan of deals in ${seqScans.map((p) => `${p.kind} ${p.name}`).join(', ')}**`}.`,
      '',
      '| query | execution ms | generic plan ms | plan (top node) |',
      '|---|---:|---:|---|',
      ...run.plans.map(
        (p) =>
          `| ${p.kind} ${p.name} | ${p.ms.toFixed(2)} | ${p.generic ? p.generic.ms.toFixed(2) : ''} | ${p.plan.split('\n')[0]?.replace(/\|/g, '\\|').slice(0, 90)} |`,
      ),
      '',
    );
  }
  await writeMarkdown('benchmarks.md', lines);
}

/** A report in docs/, its tables aligned as `npm run lint` (and CI) wants the repository's Markdown. */
export async function writeMarkdown(name: string, lines: string[]) {
  await writeFile(docs(name), `${lines.join('\n')}\n`);
  const biome = fileURLToPath(new URL('../../node_modules/.bin/biome', import.meta.url));
  await promisify(execFile)(biome, ['format', '--write', docs(name)]);
}
