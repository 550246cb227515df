import { sampled, serverPid } from './memory.js';

// The exports at the big team's size (decisions D4: a file of exactly what a filter shows): every sale as CSV and as
// XLSX, and a year of finance. Each download is read to the end as fast as loopback allows, while the server's
// resident memory is sampled; the targets are 50,000 rows a second and less than 100 MB of growth, however many rows.

export const EXPORT_TARGETS = { rowsPerSecond: 50_000, rssGrowthMb: 100 };

export type ExportRun = {
  name: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  megabytes: number;
  /** The server's peak resident memory during the download, less what it had before. */
  rssGrowthMb: number;
};

/** Downloads one export to the end; rows are the CSV's lines less the header, or `rows` for an XLSX. */
async function download(
  pid: number,
  name: string,
  url: string,
  headers: Record<string, string>,
  rows?: number,
) {
  let bytes = 0;
  let lines = 0;
  const { seconds, before, peak } = await sampled(pid, async () => {
    const response = await fetch(url, { headers });
    if (!response.ok || !response.body)
      throw new Error(`${name}: ${response.status} ${await response.text()}`);
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (rows === undefined) for (const byte of value) if (byte === 0x0a) lines++;
    }
  });
  const count = rows ?? lines - 1;
  return {
    name,
    rows: count,
    seconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(count / seconds),
    megabytes: Math.round(bytes / 1e5) / 10,
    rssGrowthMb: Math.round((peak - before) / 1e5) / 10,
  } satisfies ExportRun;
}

/** Every export scenario against a running server of the big team (`headers` carry its session). */
export async function measureExports(base: string, headers: Record<string, string>): Promise<ExportRun[]> {
  const pid = await serverPid();
  const runs: ExportRun[] = [];
  const scenarios: [string, string][] = [
    ['выгрузка продаж', '/api/sale/export?'],
    ['выгрузка финансов за год', '/api/finance/export?from=2025-01-01&to=2025-12-31&'],
  ];
  for (const [name, path] of scenarios) {
    const csv = await download(pid, `${name}, CSV`, `${base}${path}format=csv`, headers);
    runs.push(csv);
    runs.push(await download(pid, `${name}, XLSX`, `${base}${path}format=xlsx`, headers, csv.rows));
  }
  return runs;
}

/** One line per run for the bench's log, with its verdict against the targets. */
export const describeExport = (run: ExportRun) => {
  const fast = run.rowsPerSecond >= EXPORT_TARGETS.rowsPerSecond;
  const flat = run.rssGrowthMb < EXPORT_TARGETS.rssGrowthMb;
  return `${run.name}: ${run.rows.toLocaleString('ru-RU')} строк за ${run.seconds} с, ${run.rowsPerSecond.toLocaleString('ru-RU')} строк/с, ${run.megabytes} МБ, память сервера +${run.rssGrowthMb} МБ — ${fast && flat ? 'да' : 'нет'}`;
};
