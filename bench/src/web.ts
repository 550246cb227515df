// `npm run bench:web` at the root: what each route needs on a first visit (gzipped JS and CSS, against
// bench/web-budget.json: exit 1 above a budget) and Lighthouse's mobile performance of /auth, /dashboard and /sales
// signed in with 10 000 deals. Writes docs/benchmarks-web.md and .json.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { startSession } from '../../apps/server/src/modules/session/index.js';
import { fillBigTeam, settle } from './data.js';
import { startServer } from './server-process.js';

// CI has only Debian's headless shell; a workstation may have the full browser.
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const ROUTES = ['/auth', '/dashboard', '/sales', '/sale/new'] as const;
const LIGHTHOUSE_ROUTES = ['/auth', '/dashboard', '/sales'] as const;
const LIGHTHOUSE_RUNS = 3;
const file = (path: string) => fileURLToPath(new URL(path, import.meta.url));

type Budget = Record<string, { js: number; css: number }>;
type Weight = { route: string; js: number; css: number; files: number };
type Score = { route: string; performance: number; lcpMs: number; tbtMs: number; cls: number };

async function prepare() {
  const dataDir = await mkdtemp(join(tmpdir(), 'addesk-bench-web-'));
  const database = await openDatabase({ dataDir, durable: false });
  await database.migrate();
  const master = await fillBigTeam(
    database.db,
    { dealsPerKind: 5000, channels: 25, employees: 40, counterparts: 500, smallTeams: 0 },
    () => {},
  );
  await settle(database.db);
  const token = await startSession(database.db, master);
  await database.close();
  return { dataDir, token };
}

/** Loads a route in a fresh browser (no cache) and adds up the gzipped scripts and styles it fetched. */
async function weigh(base: string, token: string): Promise<Weight[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: FLAGS.filter((f) => f !== '--headless=new'),
  });
  const weights: Weight[] = [];
  try {
    for (const route of ROUTES) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (route !== '/auth') {
        await context.addCookies([
          { name: 'addesk_session', value: token, url: base, httpOnly: true, sameSite: 'Lax' },
        ]);
      }
      const page = await context.newPage();
      const fetched = new Map<string, string>();
      page.on('request', (request) => {
        const type = request.resourceType();
        if (type === 'script' || type === 'stylesheet') fetched.set(request.url(), type);
      });
      await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      // Each file fetched again on its own: the same bytes, gzipped at the default level, whatever the page did.
      const sizes = await Promise.all(
        [...fetched].map(async ([url, type]) => ({
          type,
          bytes: gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length,
        })),
      );
      weights.push({
        route,
        js: sizes.filter((s) => s.type === 'script').reduce((n, s) => n + s.bytes, 0),
        css: sizes.filter((s) => s.type === 'stylesheet').reduce((n, s) => n + s.bytes, 0),
        files: sizes.length,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

/** One Lighthouse run of a route; a run that lost its trace (it happens on a busy machine) is tried once more. */
async function lighthouseRun(port: number, url: string, cookie: string | undefined): Promise<Score> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) {
      return {
        route: new URL(url).pathname,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
        cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
      };
    }
    if (attempt === 2)
      throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
  }
}

/**
 * Each route LIGHTHOUSE_RUNS times, in turns, and the run with the median score kept: on this shared machine one run
 * can be ten points off.
 */
async function audit(base: string, token: string): Promise<Score[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const runs = new Map<string, Score[]>(LIGHTHOUSE_ROUTES.map((route) => [route, []]));
  try {
    for (let turn = 0; turn < LIGHTHOUSE_RUNS; turn++) {
      for (const route of LIGHTHOUSE_ROUTES) {
        const cookie = route === '/auth' ? undefined : `addesk_session=${token}`;
        runs.get(route)?.push(await lighthouseRun(chrome.port, `${base}${route}`, cookie));
      }
    }
  } finally {
    chrome.kill();
  }
  return [...runs.values()].map((scores) => {
    const sorted = [...scores].sort((a, b) => a.performance - b.performance);
    return sorted[Math.floor(sorted.length / 2)] as Score;
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

async function main() {
  const budget: Budget = JSON.parse(await readFile(file('../web-budget.json'), 'utf8'));
  const { dataDir, token } = await prepare();
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', DEMO_LOGIN: '0' });
  let weights: Weight[];
  let scores: Score[];
  try {
    weights = await weigh(server.base, token);
    scores = process.env.BENCH_SKIP_LIGHTHOUSE === '1' ? [] : await audit(server.base, token);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const over = weights.filter((w) => {
    const limit = budget[w.route];
    return limit && (w.js > limit.js || w.css > limit.css);
  });
  const lines = [
    '# Web benchmarks',
    '',
    'Written by `npm run bench:web` (bench/src/web.ts) on a production build served by the product server:',
    'each route opened in a fresh Chromium at 390x844 (no cache), the scripts and styles it fetched gzipped and added',
    'up; budgets in [bench/web-budget.json](../bench/web-budget.json). Lighthouse 12, mobile preset (simulated',
    `throttling), signed in as a team with 10 000 deals; of ${LIGHTHOUSE_RUNS} runs of each route, the one with the median score.`,
    '',
    `Date: ${new Date().toISOString().slice(0, 10)}. Raw figures: [benchmarks-web.json](benchmarks-web.json).`,
    '',
    '| route | JS (gzip) | CSS (gzip) | files | budget JS / CSS | within budget |',
    '|---|---:|---:|---:|---:|---|',
    ...weights.map((w) => {
      const limit = budget[w.route];
      const ok = limit ? w.js <= limit.js && w.css <= limit.css : true;
      return `| ${w.route} | ${kb(w.js)} | ${kb(w.css)} | ${w.files} | ${limit ? `${kb(limit.js)} / ${kb(limit.css)}` : '-'} | ${ok ? 'да' : '**нет**'} |`;
    }),
    '',
    ...(scores.length
      ? [
          '| route | Lighthouse performance | LCP | TBT | CLS |',
          '|---|---:|---:|---:|---:|',
          ...scores.map(
            (s) => `| ${s.route} | ${s.performance} | ${s.lcpMs} ms | ${s.tbtMs} ms | ${s.cls} |`,
          ),
          '',
        ]
      : ['Lighthouse was skipped (BENCH_SKIP_LIGHTHOUSE=1).', '']),
  ];
  await writeFile(file('../../docs/benchmarks-web.md'), `${lines.join('\n')}\n`);
  await writeFile(
    file('../../docs/benchmarks-web.json'),
    `${JSON.stringify({ date: new Date().toISOString(), budget, weights, scores }, null, 2)}\n`,
  );
  console.log(lines.join('\n'));
  if (over.length > 0) {
    console.error(`Бюджет превышен: ${over.map((w) => w.route).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
