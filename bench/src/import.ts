// `npm run bench:import` at the root: the import of past deals (issue 37) at 100 000 rows, on PGlite and, when
// TEST_DATABASE_URL is set (the root script starts a throwaway PostgreSQL), on PostgreSQL: upload, preview (the
// mapping's check of every row), a further page, and the commit, each timed while the server's resident memory is
// sampled. Writes docs/benchmarks-import.md. The targets (issue 37): preview under 10 s and import under 60 s on
// PostgreSQL, memory flat.
import { cpus, totalmem } from 'node:os';
import { sampled, serverPid } from './memory.js';
import { writeMarkdown } from './report.js';
import { scratchDatabase } from './scratch-database.js';
import { importCsv } from './screens.js';
import { startServer } from './server-process.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const log = (text: string) => console.log(`[bench:import] ${text}`);

/** A spreadsheet as teams keep them, on the demo team's channels by name and @username. */
const csvOf = (rows: number) =>
  importCsv(rows, ['Бизнес и деньги', '@travel_russia_go', 'Кулинарные рецепты', 'IT-вакансии']);

type Step = { name: string; seconds: number; rssBeforeMb: number; rssPeakMb: number };

/** One call, timed while the server's memory is sampled; its JSON answer. */
async function timed(pid: number, name: string, call: () => Promise<Response>): Promise<[Step, unknown]> {
  const { result, seconds, before, peak } = await sampled(pid, async () => {
    const response = await call();
    const body: unknown = await response.json();
    if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  });
  const step = { name, seconds, rssBeforeMb: before / 2 ** 20, rssPeakMb: peak / 2 ** 20 };
  log(
    `${name}: ${seconds.toFixed(2)} s, RSS ${step.rssBeforeMb.toFixed(0)} → peak ${step.rssPeakMb.toFixed(0)} MB`,
  );
  return [step, result];
}

async function run(kind: 'pglite' | 'postgres', file: Buffer) {
  const db = await scratchDatabase(kind, 'addesk-bench-import');
  const server = await startServer({ ...db.env, DEMO_LOGIN: '1' });
  try {
    const pid = await serverPid();
    const login = await fetch(`${server.base}/api/auth/login?authBy=demo&as=bench-import`, {
      redirect: 'manual',
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const headers = { cookie, origin: server.base };
    const steps: Step[] = [];
    const [upload, draft] = await timed(pid, 'Загрузка файла', () =>
      fetch(`${server.base}/api/import?kind=sale&name=bench.csv`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/csv' },
        body: new Uint8Array(file),
      }),
    );
    steps.push(upload);
    const { id, mapping } = draft as { id: number; mapping: object };
    const [preview, counts] = await timed(pid, 'Проверка строк (PUT, все строки, первая страница)', () =>
      fetch(`${server.base}/api/import/${id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ mapping }),
      }),
    );
    steps.push(preview);
    const { nextCursor, valid, invalid } = counts as { nextCursor: string; valid: number; invalid: number };
    log(`${kind}: ${valid} valid, ${invalid} invalid`);
    const [page] = await timed(pid, 'Следующая страница строк', () =>
      fetch(`${server.base}/api/import/${id}/rows?cursor=${nextCursor}`, { headers }),
    );
    steps.push(page);
    const [commit, made] = await timed(pid, 'Импорт (commit)', () =>
      fetch(`${server.base}/api/import/${id}/commit`, { method: 'POST', headers }),
    );
    steps.push(commit);
    const [undo] = await timed(pid, 'Отмена импорта', () =>
      fetch(`${server.base}/api/import/${id}`, { method: 'DELETE', headers }),
    );
    steps.push(undo);
    return { kind, steps, valid, invalid, made: made as { created: number; skipped: number } };
  } finally {
    await server.stop();
    await db.cleanup();
  }
}

async function main() {
  const file = csvOf(ROWS);
  log(`file: ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB`);
  const kinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
    ? ['postgres', 'pglite']
    : ['pglite'];
  const runs = [];
  for (const kind of kinds) runs.push(await run(kind, file));
  const lines = [
    '# Import benchmark',
    '',
    'Written by `npm run bench:import` (bench/src/import.ts). Not a test: nothing here is asserted in `npm test`.',
    '',
    `- Machine: ${cpus().length} × ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
    `- File: a Google-Sheets-like CSV of ${ROWS.toLocaleString('ru-RU')} sales (${(file.length / 1024 / 1024).toFixed(1)} MB, UTF-8 with BOM, \`;\`), 10 columns: days, times, the demo team's channels by name and @username, 400 advertisers with usernames, 700 contacts, money as '12 500', 'да' and half payments, statuses, formats with '1/24', a person on every fifth row.`,
    "- The product server as `npm start` runs it, one request at a time; RSS is the server process's resident memory, sampled every 100 ms.",
    '- Targets (issue 37): preview under 10 s and import under 60 s on PostgreSQL, memory flat.',
    '',
  ];
  for (const result of runs) {
    lines.push(`## ${result.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, '');
    lines.push(
      `${result.valid.toLocaleString('ru-RU')} valid rows, ${result.invalid} invalid; the commit made ${result.made.created.toLocaleString('ru-RU')} deals and skipped ${result.made.skipped}.`,
      '',
    );
    lines.push('| step | seconds | rows/s | RSS before, MB | RSS peak, MB |', '|---|---:|---:|---:|---:|');
    for (const step of result.steps) {
      const perSecond = step.name.startsWith('Следующая')
        ? ''
        : Math.round(ROWS / step.seconds).toLocaleString('ru-RU');
      lines.push(
        `| ${step.name} | ${step.seconds.toFixed(2)} | ${perSecond} | ${step.rssBeforeMb.toFixed(0)} | ${step.rssPeakMb.toFixed(0)} |`,
      );
    }
    lines.push('');
  }
  await writeMarkdown('benchmarks-import.md', lines);
  log('written docs/benchmarks-import.md');
}

await main();
