// `npm run bench` at the root: loads a team with a million sales and a million purchases (BENCH_DEALS per kind),
// measures the API under load on PGlite and, when TEST_DATABASE_URL is set (the root script starts a throwaway
// PostgreSQL), on PostgreSQL, against two ceilings of this machine; writes docs/benchmarks.md and .json.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { openDatabase } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema/index.js';
import { startSession } from '../../apps/server/src/modules/session/index.js';
import { BIG, fillBigTeam, fillSmallTeams, settle } from './data.js';
import { explainAll, type Plan } from './explain.js';
import { describeExport, measureExports } from './export.js';
import { fillPayments, financeGets } from './finance.js';
import { type LoadTarget, load } from './load.js';
import { type DatabaseRun, type Report, writeReport } from './report.js';
import { scratchDatabase } from './scratch-database.js';
import { fillMarking, fillPay, fillPosts, importCsv, screenGets, screenIds } from './screens.js';
import { startCeilings, startServer } from './server-process.js';

const size = { ...BIG, dealsPerKind: Number(process.env.BENCH_DEALS ?? BIG.dealsPerKind) };
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** One person's wait: each screen's call again with one connection, this long after a 1 s warm-up. */
const oneSeconds = Number(process.env.BENCH_ONE_SECONDS ?? 5);
/** The rows of the file the import's calls send. */
const IMPORT_ROWS = 1000;
const log = (text: string) => console.log(`[bench] ${text}`);

type Prepared = {
  env: Record<string, string>;
  serverVersion: string;
  token: string;
  teamId: number;
  loadSeconds: number;
  plans: Plan[];
  ids: Awaited<ReturnType<typeof screenIds>>;
  cleanup: () => Promise<void>;
};

async function prepare(kind: 'pglite' | 'postgres'): Promise<Prepared> {
  const scratch = await scratchDatabase(kind, 'addesk_bench');
  const { env, cleanup } = scratch;
  const database = await openDatabase(
    kind === 'pglite'
      ? { dataDir: env.DATA_DIR as string, durable: false }
      : { url: env.DATABASE_URL as string },
  );
  await database.migrate();
  const started = performance.now();
  const master = await fillBigTeam(database.db, size, (text) => log(`${kind} ${text}`));
  await fillPayments(database.db, master.teamId, (text) => log(`${kind} ${text}`));
  await fillPay(database.db, master.teamId, master.employeeId);
  await fillPosts(database.db, master.teamId, (text) => log(`${kind} ${text}`));
  await fillMarking(database.db, master.teamId, (text) => log(`${kind} ${text}`));
  await fillSmallTeams(database.db, size.smallTeams);
  await settle(database.db);
  const loadSeconds = (performance.now() - started) / 1000;
  log(`${kind}: loaded in ${loadSeconds.toFixed(1)} s`);
  const token = await startSession(database.db, master);
  const screens = await screenIds(database.db, master.teamId);
  // A connection of the product's own pool, with its planner settings, so the plans kept are the ones its queries
  // get; one connection, as the explanations prepare a statement and set a plan mode for the next ones.
  const connection = await database.pool.connect();
  const query = (text: string, params: unknown[]) => connection.query(text, params);
  const ids = await query(
    `select (select id from channels where team_id = $1 order by id limit 1) as channel,
            (select id from employees where team_id = $1 and manager_id is not null order by id limit 1) as employee`,
    [master.teamId],
  );
  const row = ids.rows[0] as { channel: number; employee: number };
  const version = await query('show server_version', []);
  const serverVersion = String(Object.values(version.rows[0] ?? {})[0] ?? '?');
  const plans = await explainAll(
    drizzle({ client: connection, schema }),
    query,
    master.teamId,
    {
      channel: Number(row.channel),
      employee: Number(row.employee),
      statuses: { sale: [3, 4, 6], purchase: [12, 13, 15] },
    },
    { generic: kind === 'postgres' },
  );
  connection.release();
  await database.close();
  return { env, serverVersion, token, teamId: master.teamId, loadSeconds, plans, ids: screens, cleanup };
}

/** What the new screens' calls answer before they are measured, in the log: their data is there, not empty pages. */
async function describeScreens(
  kind: string,
  json: (path: string) => Promise<Record<string, unknown>>,
  ids: Prepared['ids'],
) {
  const [payroll, marking, clients, post, , person] = await Promise.all(
    screenGets(ids).map(([, path]) => json(path)),
  );
  const people = (payroll?.items ?? []) as { lines: unknown[] }[];
  log(
    `${kind} зарплаты: ${people.length} человек, ${people.reduce((n, p) => n + p.lines.length, 0)} строк, итог ${JSON.stringify(payroll?.total)}`,
  );
  log(
    `${kind} маркировка: ${(marking?.deals as unknown[] | undefined)?.length} сделок на странице, итоги ${JSON.stringify(marking?.totals)}`,
  );
  log(`${kind} клиенты: ${(clients?.items as unknown[] | undefined)?.length} на странице`);
  log(`${kind} пост: ${post?.link}, ${(post?.views as unknown[] | undefined)?.length} замеров просмотров`);
  log(
    `${kind} зарплата сотрудника: ${(person?.lines as unknown[] | undefined)?.length} строк, ${person?.dealsTotal} сделок`,
  );
}

async function measure(
  kind: 'pglite' | 'postgres',
  prepared: Prepared,
  pageFile: string,
): Promise<DatabaseRun['scenarios']> {
  // The floor this database sets for any endpoint: one round trip to it, then the page from memory. The same bare app
  // answers the lists by hand (reference.ts) while the product is measured beside it.
  const bare = await startCeilings({ ...prepared.env, CEILING_PAGE_FILE: pageFile });
  log(`${kind} потолок с запросом`);
  const floor = await load({ url: `${bare.base}/page-after-query` }, seconds);
  const server = await startServer({ ...prepared.env, DEMO_LOGIN: '0' });
  const headers = { cookie: `addesk_session=${prepared.token}` };
  const json = async (path: string) =>
    (await fetch(`${server.base}${path}`, { headers })).json() as Promise<Record<string, unknown>>;
  /**
   * A screen's call as one person waits for it (one connection), then under load (50 connections). autocannon leaves
   * up to 50 requests in flight when its time is up and the server still answers them: of a slow call that is seconds
   * of work, which would fall into the next one-connection run. So the call is then made alone until it answers in
   * about its one-connection time again (at most a minute).
   */
  const screen = async (name: string, target: LoadTarget) => {
    log(`${kind} ${name}: одно соединение`);
    const single = await load(target, oneSeconds, 1, 1);
    log(`${kind} ${name}`);
    const many = await load(target, seconds);
    const calm = Math.max(2 * single.p99, 20);
    const until = performance.now() + 60_000;
    for (;;) {
      const started = performance.now();
      const answer = await fetch(target.url, {
        method: target.method ?? 'GET',
        headers: target.headers,
        body: typeof target.body === 'string' ? target.body : target.body && new Uint8Array(target.body),
      });
      await answer.arrayBuffer();
      if (performance.now() - started <= calm || performance.now() > until) break;
    }
    return { ...many, single };
  };
  try {
    // A fresh process compiles its code and each pooled connection plans its statements on first use: without this,
    // whichever scenario comes first pays for it (a third fewer requests in trials).
    await load({ url: `${server.base}/api/sale/filter`, headers }, 5);
    await load({ url: `${bare.base}/reference/sale/filter`, headers }, 5);
    const channels = (await json('/api/channel?limit=100')).items as { id: number; name: string }[];
    const channel = channels[0]?.id;
    await describeScreens(kind, json, prepared.ids);
    const scenarios: DatabaseRun['scenarios'] = [
      { name: 'потолок: страница из памяти после select 1', list: false, ...floor },
    ];
    for (const dealKind of ['sale', 'purchase'] as const) {
      const f =
        dealKind === 'sale'
          ? { date: 'saleDateCondition', status: 4 }
          : { date: 'purchaseDateCondition', status: 13 };
      const first = ((await json(`/api/${dealKind}/filter?limit=1`)).items as { id: number }[])[0]?.id;
      const period = encodeURIComponent('=bt=(2025-06-01,2025-06-30)');
      const price = encodeURIComponent('=bt=(10000,20000)');
      const lists: [string, string][] = [
        ['список без фильтров', ''],
        ['статус + канал', `?statusId=${f.status}&channelId=${channel}`],
        ['период', `?${f.date}=${period}`],
        ['цена', `?priceCondition=${price}`],
        ['по размещению', '?sort=placement'],
        ['поиск контрагента', `?q=${encodeURIComponent('Контрагент 1234')}`],
        ['поиск канала', `?q=${encodeURIComponent('Канал 7')}`],
      ];
      for (const [name, query] of lists) {
        const product = await screen(`${dealKind} ${name}`, {
          url: `${server.base}/api/${dealKind}/filter${query}`,
          headers,
        });
        log(`${kind} ${dealKind} ${name}: вручную`);
        const reference = await load(
          { url: `${bare.base}/reference/${dealKind}/filter${query}`, headers },
          seconds,
        );
        scenarios.push({ name: `${dealKind} ${name}`, list: true, ...product, reference });
      }
      // A repeat read: the browser sends back the ETag of the page it holds, and the list has not changed.
      const etag =
        (await fetch(`${server.base}/api/${dealKind}/filter`, { headers })).headers.get('etag') ?? '';
      scenarios.push({
        name: `${dealKind} список повторно (304)`,
        list: false,
        repeat: true,
        ...(await screen(`${dealKind} повторное чтение`, {
          url: `${server.base}/api/${dealKind}/filter`,
          headers: { ...headers, 'if-none-match': etag },
        })),
      });
      scenarios.push({
        name: `${dealKind} одна запись`,
        list: false,
        ...(await screen(`${dealKind} одна запись`, {
          url: `${server.base}/api/${dealKind}/${first}`,
          headers,
        })),
      });
      const body = JSON.stringify({
        accommodationCondition: { accommodationTime: '2026-06-01T12:00:00+03:00' },
        advertisementFormatId: 1,
        channelId: channel,
        price: 15000,
        ...(dealKind === 'sale'
          ? { advertisementTypeId: 1, statusId: 1, saleDate: '2026-06-01' }
          : { purchaseDate: '2026-06-01' }),
      });
      // Under load only: each request adds a deal to the team the next scenarios read, and a save is not a screen's
      // read, which is what the one-connection targets are about.
      log(`${kind} ${dealKind} создание`);
      scenarios.push({
        name: `${dealKind} создание`,
        list: false,
        ...(await load(
          {
            url: `${server.base}/api/${dealKind}`,
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', origin: server.base },
            body,
          },
          seconds,
        )),
      });
    }
    const gets = [...financeGets(), ...screenGets(prepared.ids)];
    // Payroll last: at a million deals one call takes seconds, and the 50 calls in flight when its run ends would
    // keep the server busy into whatever came after it.
    const last = gets.filter(([, path]) => path.startsWith('/api/payroll'));
    const measureGets = async (list: typeof gets) => {
      for (const [name, path, money] of list) {
        scenarios.push({
          name,
          list: false,
          money,
          ...(await screen(name, { url: `${server.base}${path}`, headers })),
        });
      }
    };
    await measureGets(gets.filter((get) => !last.includes(get)));
    scenarios.push({
      name: 'календарь за месяц',
      list: false,
      ...(await screen('календарь', {
        url: `${server.base}/api/calendar?from=2025-06-01&to=2025-06-30`,
        headers,
      })),
    });
    log(`${kind} выгрузки`);
    for (const run of await measureExports(server.base, headers)) log(`${kind} ${describeExport(run)}`);
    // The import's two waits (issue 37): the upload, which reads the file through and answers its columns with their
    // first values and a guess of the mapping (each request keeps a draft: last, so the drafts weigh on nothing
    // measured after them), and the check of every row under that mapping with the first page of the preview.
    const file = importCsv(
      IMPORT_ROWS,
      channels.map((c) => c.name),
    );
    const writing = { ...headers, origin: server.base };
    const upload = {
      url: `${server.base}/api/import?kind=sale&name=bench.csv`,
      method: 'POST' as const,
      headers: { ...writing, 'content-type': 'text/csv' },
      body: file,
    };
    const draft = (await (
      await fetch(upload.url, { method: 'POST', headers: upload.headers, body: new Uint8Array(file) })
    ).json()) as { id: number; mapping: object };
    const checked = (await (
      await fetch(`${server.base}/api/import/${draft.id}?only=all`, {
        method: 'PUT',
        headers: { ...writing, 'content-type': 'application/json' },
        body: JSON.stringify({ mapping: draft.mapping }),
      })
    ).json()) as Record<string, unknown>;
    log(`${kind} импорт: ${checked.total} строк, ${checked.valid} верных, ${checked.invalid} с ошибками`);
    scenarios.push({
      name: `импорт: загрузка файла, ${IMPORT_ROWS} строк (POST)`,
      list: false,
      ...(await screen('импорт: загрузка', upload)),
    });
    scenarios.push({
      name: `импорт: проверка ${IMPORT_ROWS} строк (PUT)`,
      list: false,
      ...(await screen('импорт: проверка', {
        url: `${server.base}/api/import/${draft.id}?only=all`,
        method: 'PUT',
        headers: { ...writing, 'content-type': 'application/json' },
        body: JSON.stringify({ mapping: draft.mapping }),
      })),
    });
    await measureGets(last);
    return scenarios;
  } finally {
    await server.stop();
    await bare.stop();
  }
}

async function main() {
  const runs: DatabaseRun[] = [];
  let ceilings: Report['ceilings'] | undefined;
  const pageFile = join(await mkdtemp(join(tmpdir(), 'addesk-bench-page-')), 'page.json');
  // BENCH_DATABASES=postgres (or pglite) measures one of them, e.g. to look at one change without the other's 10 min.
  const only = process.env.BENCH_DATABASES?.split(',');
  const kinds = (['pglite', 'postgres'] as const).filter(
    (k) => (k === 'pglite' || process.env.TEST_DATABASE_URL) && (!only || only.includes(k)),
  );
  for (const kind of kinds) {
    const prepared = await prepare(kind);
    try {
      if (!ceilings) {
        // The page the product answers, served by a bare Fastify app: the ceilings for lists.
        const server = await startServer(prepared.env);
        const page = await fetch(`${server.base}/api/sale/filter`, {
          headers: { cookie: `addesk_session=${prepared.token}` },
        });
        await writeFile(pageFile, await page.text());
        await server.stop();
        const bare = await startCeilings({ CEILING_PAGE_FILE: pageFile, DATABASE_URL: '', DATA_DIR: '' });
        log('ceilings');
        ceilings = {
          small: await load({ url: `${bare.base}/small` }, seconds),
          page: await load({ url: `${bare.base}/page` }, seconds),
          serialized: await load({ url: `${bare.base}/page-serialized` }, seconds),
        };
        await bare.stop();
      }
      runs.push({
        database: kind,
        serverVersion: prepared.serverVersion,
        loadSeconds: prepared.loadSeconds,
        plans: prepared.plans,
        scenarios: await measure(kind, prepared, pageFile),
      });
    } finally {
      await prepared.cleanup();
    }
  }
  if (!ceilings) throw new Error('no database was measured');
  await writeReport({ size, seconds, oneSeconds, ceilings, runs });
  log('written docs/benchmarks.md and docs/benchmarks.json');
}

await main();
