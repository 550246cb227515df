import type { DealKind, DealSort } from '@addesk/contract';
import type { Db } from '../../apps/server/src/db/client.js';
import { placementsByDay } from '../../apps/server/src/modules/calendar/calendar.repository.js';
import { searchChannels } from '../../apps/server/src/modules/channel/channel.repository.js';
import { searchCounterparts } from '../../apps/server/src/modules/counterpart/counterpart.repository.js';
import { type DealFilters, listDeals } from '../../apps/server/src/modules/deal/deal.repository.js';
import { unpaidDeals } from '../../apps/server/src/modules/finance/finance.repository.js';

export type Plan = {
  name: string;
  kind: DealKind | 'calendar' | 'finance';
  ms: number;
  seqScanOnDeals: boolean;
  plan: string;
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

export async function explainAll(
  db: Db,
  query: Query,
  teamId: number,
  ids: { channel: number; employee: number; statuses: Record<DealKind, number[]> },
): Promise<Plan[]> {
  const plans: Plan[] = [];
  const explain = async (name: string, kind: Plan['kind'], built: { sql: string; params: unknown[] }) => {
    const result = await query(`EXPLAIN (ANALYZE, BUFFERS) ${built.sql}`, built.params);
    const plan = result.rows.map((r) => String(Object.values(r)[0])).join('\n');
    const ms = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN);
    plans.push({ name, kind, ms, seqScanOnDeals: /Seq Scan on deals/.test(plan), plan });
  };
  // What the search finds before the list query runs: a rare counterpart, and one of our channels.
  const matches = async (text: string) => ({
    external: await searchCounterparts(db, 'externalChannel', teamId, text),
    contact: await searchCounterparts(db, 'contact', teamId, text),
    channel: await searchChannels(db, teamId, text),
  });
  const searches: [string, DealFilters][] = [
    ['поиск «Контрагент 1234»', { matching: await matches('Контрагент 1234') }],
    ['поиск «Канал 7»', { matching: await matches('Канал 7') }],
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
