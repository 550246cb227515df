import type { DealKind, DealSort } from '@addesk/contract';
import type { Db } from '../../apps/server/src/db/client.js';
import { placementsByDay } from '../../apps/server/src/modules/calendar/calendar.repository.js';
import {
  type DealFilters,
  listDeals,
  searchMatches,
} from '../../apps/server/src/modules/deal/deal.repository.js';
import { unpaidDeals } from '../../apps/server/src/modules/finance/finance.repository.js';

export type Plan = {
  name: string;
  kind: DealKind | 'calendar' | 'finance';
  ms: number;
  seqScanOnDeals: boolean;
  plan: string;
  /**
   * PostgreSQL only: the same statement's generic plan (a prepared statement's, once PostgreSQL stops planning it for
   * each execution's values; docs/decisions/008), run with the same values.
   */
  generic?: { ms: number; seqScanOnDeals: boolean; plan: string };
};
/** The team's date the payment states are read at: after the newest deal of the generated years. */
const TODAY = '2026-11-24';
type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Every filter combination the list screens can produce (Канал, Статус, Менеджер, Период, plus price). */
export function filterCombinations(
  ids: { channel: number; employee: number; statuses: Record<DealKind, number[]> },
  kind: DealKind,
) {
  const period = { op: 'bt' as const, from: '2025-06-01', to: '2025-06-30' };
  const status = [ids.statuses[kind][0] ?? 1];
  const combos: [string, DealFilters][] = [
    ['без фильтров', {}],
    ['статус', { statusIds: status }],
    ['канал', { channelIds: [ids.channel] }],
    ['менеджер', { employeeIds: [ids.employee] }],
    ['период', { date: period }],
    ['цена', { price: { op: 'bt', from: 10_000, to: 20_000 } }],
    ['статус + канал', { statusIds: status, channelIds: [ids.channel] }],
    ['несколько статусов', { statusIds: ids.statuses[kind].slice(0, 3) }],
    ['канал + период', { channelIds: [ids.channel], date: period }],
    ['менеджер + период', { employeeIds: [ids.employee], date: period }],
    [
      'статус + канал + менеджер + период',
      { statusIds: status, channelIds: [ids.channel], employeeIds: [ids.employee], date: period },
    ],
  ];
  return combos;
}

const literal = (value: unknown): string =>
  value === null || value === undefined
    ? 'NULL'
    : `'${(Array.isArray(value) ? `{${value.join(',')}}` : String(value)).replaceAll("'", "''")}'`;

const read = (rows: Record<string, unknown>[]) => {
  const plan = rows.map((r) => String(Object.values(r)[0])).join('\n');
  const ms = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN);
  return { ms, seqScanOnDeals: /Seq Scan on deals/.test(plan), plan };
};

export async function explainAll(
  db: Db,
  query: Query,
  teamId: number,
  ids: { channel: number; employee: number; statuses: Record<DealKind, number[]> },
  options: { generic: boolean },
): Promise<Plan[]> {
  const plans: Plan[] = [];
  const explain = async (name: string, kind: Plan['kind'], built: { sql: string; params: unknown[] }) => {
    const custom = read((await query(`EXPLAIN (ANALYZE, BUFFERS) ${built.sql}`, built.params)).rows);
    let generic: Plan['generic'];
    if (options.generic) {
      // EXECUTE takes no bound values: they go in as literals, typed by the prepared statement.
      const args = built.params.map(literal).join(', ');
      await query(`PREPARE bench_generic AS ${built.sql}`, []);
      await query('SET plan_cache_mode = force_generic_plan', []);
      const execute = `EXECUTE bench_generic${args ? `(${args})` : ''}`;
      generic = read((await query(`EXPLAIN (ANALYZE, BUFFERS) ${execute}`, [])).rows);
      await query('RESET plan_cache_mode', []);
      await query('DEALLOCATE bench_generic', []);
    }
    plans.push({ name, kind, ...custom, ...(generic ? { generic } : {}) });
  };
  // What the search finds before the list query runs: a rare counterpart, and one of our channels.
  const searches: [string, DealFilters][] = [
    ['поиск «Контрагент 1234»', { matching: await searchMatches(db, teamId, 'Контрагент 1234') }],
    ['поиск «Канал 7»', { matching: await searchMatches(db, teamId, 'Канал 7') }],
  ];
  const sorts: [string, DealSort][] = [
    ['', 'date'],
    [', по размещению', 'placement'],
  ];
  for (const kind of ['sale', 'purchase'] as const) {
    for (const [name, filters] of [...filterCombinations(ids, kind), ...searches]) {
      for (const [suffix, sort] of sorts) {
        await explain(
          `${name}${suffix}`,
          kind,
          listDeals(db, teamId, kind, filters, TODAY, { limit: 50, after: undefined, sort }).toSQL(),
        );
      }
    }
  }
  await explain('месяц', 'calendar', placementsByDay(db, teamId, '2025-06-01', '2025-06-30').toSQL());
  for (const kind of ['sale', 'purchase'] as const) {
    await explain(`долги ${kind}`, 'finance', unpaidDeals(db, teamId, kind, undefined, 50).toSQL());
  }
  return plans;
}
