import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Size } from './data.js';
import type { Plan } from './explain.js';
import type { LoadResult } from './load.js';

export type Scenario = LoadResult & { name: string; list: boolean };
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
  ceilings: { small: LoadResult; page: LoadResult; serialized: LoadResult };
  runs: DatabaseRun[];
};

/** The targets of the benchmarks issue: p99 of every filtered list, and on PostgreSQL half the page ceiling. */
export const TARGETS = { postgres: { listP99Ms: 15, pageCeilingShare: 0.5 }, pglite: { listP99Ms: 60 } };

const docs = (name: string) => fileURLToPath(new URL(`../../docs/${name}`, import.meta.url));
const pct = (n: number) => `${Math.round(n * 100)}%`;

function verdict(run: DatabaseRun, s: Scenario, pageCeiling: number): string {
  if (!s.list) return '';
  const p99Target = run.database === 'postgres' ? TARGETS.postgres.listP99Ms : TARGETS.pglite.listP99Ms;
  const misses = [s.p99 > p99Target ? `p99 > ${p99Target} мс` : ''];
  if (run.database === 'postgres' && s.requestsPerSecond < pageCeiling * TARGETS.postgres.pageCeilingShare) {
    misses.push(`< ${pct(TARGETS.postgres.pageCeilingShare)} потолка`);
  }
  const text = misses.filter(Boolean).join(', ');
  return text ? `нет: ${text}` : 'да';
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
    '[benchmarks.json](benchmarks.json). Benchmarks are not tests: nothing here is asserted in `npm test`.',
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
    `- Load: autocannon on loopback, 50 connections, ${report.seconds} s per scenario after a 2 s warm-up, signed in.`,
    '- Ceilings: a bare Fastify app built by the benchmark (bench/src/ceilings.ts), in its own process like the',
    `  product server, same run: small JSON ${small.requestsPerSecond} req/s (p50 ${small.p50} ms, p99 ${small.p99} ms);`,
    `  the same 50-deal page from memory ${page.requestsPerSecond} req/s (p50 ${page.p50} ms, p99 ${page.p99} ms);`,
    `  that page serialised from objects on each request ${serialized.requestsPerSecond} req/s (p50 ${serialized.p50} ms, p99 ${serialized.p99} ms,`,
    `  ${pct(serialized.requestsPerSecond / page.requestsPerSecond)} of the page ceiling). Each database's table starts with its floor: the page from memory`,
    '  after one `select 1` round trip to that database.',
    `- Targets: PostgreSQL list p99 ≤ ${TARGETS.postgres.listP99Ms} ms and ≥ ${pct(TARGETS.postgres.pageCeilingShare)} of the page ceiling; PGlite list p99 ≤ ${TARGETS.pglite.listP99Ms} ms.`,
    '',
  ];
  for (const run of report.runs) {
    const seqScans = run.plans.filter((p) => p.seqScanOnDeals);
    lines.push(
      `## ${run.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      '',
      `Loading the data took ${run.loadSeconds.toFixed(0)} s (INSERT ... SELECT over generate_series in chunks of 100 000 rows, indexes in place).`,
      '',
      '| scenario | req/s | p50 ms | p99 ms | of small ceiling | of page ceiling | errors / non-2xx | list target met |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
      ...run.scenarios.map(
        (s) =>
          `| ${s.name} | ${s.requestsPerSecond} | ${s.p50} | ${s.p99} | ${pct(s.requestsPerSecond / small.requestsPerSecond)} | ${pct(s.requestsPerSecond / page.requestsPerSecond)} | ${s.errors} / ${s.non2xx} | ${verdict(run, s, page.requestsPerSecond)} |`,
      ),
      '',
      `Query plans (EXPLAIN ANALYZE, BUFFERS) of every list filter combination of the screens and of the calendar: ${seqScans.length === 0 ? 'no sequential scan of the deals table in any of them' : `**sequential scan of deals in ${seqScans.map((p) => `${p.kind} ${p.name}`).join(', ')}**`}.`,
      '',
      '| query | execution ms | plan (top node) |',
      '|---|---:|---|',
      ...run.plans.map(
        (p) =>
          `| ${p.kind} ${p.name} | ${p.ms.toFixed(2)} | ${p.plan.split('\n')[0]?.replace(/\|/g, '\\|').slice(0, 90)} |`,
      ),
      '',
    );
  }
  await writeFile(docs('benchmarks.md'), `${lines.join('\n')}\n`);
}
