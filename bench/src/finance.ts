import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';

// Money in the benchmark (decisions D5, docs/decisions/016): payments and due dates on the big team's deals, and the
// finance and list-total calls measured over them.

/** Payments on and after this day are left out: the newest deals stay unpaid, as in life. */
const PAID_BEFORE = '2026-09-01';
const CHUNK = 100_000;

/**
 * Gives the team's deals due dates and payments, by id ranges (PGlite's WASM memory): three in ten are due 14 days
 * after their date; of the deals dated before PAID_BEFORE, 17 in 20 are paid in full and one in 20 half, each with
 * one payment up to 29 days after its date. Deterministic, like the deals.
 */
export async function fillPayments(db: Db, team: number, onProgress: (text: string) => void) {
  const [bounds] = (
    (await db.execute(
      sql`select min(id) as low, max(id) as high from deals where team_id = ${team}::bigint`,
    )) as unknown as { rows: { low: string; high: string }[] }
  ).rows;
  const low = Number(bounds?.low ?? 0);
  const high = Number(bounds?.high ?? -1);
  for (let from = low; from <= high; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, high);
    await db.execute(sql`
      update deals set
        payment_due_date = case when id % 10 < 3 then deal_date + 14 end,
        paid_amount = case
          when deal_date >= ${PAID_BEFORE}::date then 0
          when id % 20 < 17 then price
          when id % 20 = 17 then round(price / 2, 2)
          else 0 end
      where team_id = ${team}::bigint and id between ${from}::bigint and ${to}::bigint`);
    await db.execute(sql`
      insert into deal_payments (team_id, deal_id, amount, paid_at, employee_id, channel_id, kind)
      select team_id, id, paid_amount, deal_date + (id % 30)::int, employee_id, channel_id, kind
      from deals
      where team_id = ${team}::bigint and id between ${from}::bigint and ${to}::bigint and paid_amount > 0`);
    onProgress(`оплаты: ${to - low + 1} / ${high - low + 1}`);
  }
}

const span = (from: string, to: string) => ({ from, to });
/** A month, a quarter and a year, all within the deals' years and ending before the newest unpaid ones. */
const periods: [string, { from: string; to: string }][] = [
  ['месяц', span('2026-06-01', '2026-06-30')],
  ['квартал', span('2026-04-01', '2026-06-30')],
  ['год', span('2025-07-01', '2026-06-30')],
];

/** The GET calls of finance and of the lists' totals line: [scenario name, path, a money call]. */
export function financeGets(): [string, string, boolean][] {
  const gets: [string, string, boolean][] = [];
  for (const basis of ['accrual', 'cash'] as const) {
    for (const [name, { from, to }] of periods) {
      gets.push([
        `финансы ${basis} ${name}`,
        `/api/finance/summary?from=${from}&to=${to}&basis=${basis}`,
        true,
      ]);
    }
  }
  gets.push(['финансы долги', '/api/finance/debts', true]);
  for (const kind of ['sale', 'purchase'] as const) {
    for (const [name, { from, to }] of periods) {
      const period = encodeURIComponent(`=bt=(${from},${to})`);
      gets.push([`${kind} итоги ${name}`, `/api/${kind}/summary?${kind}DateCondition=${period}`, true]);
    }
  }
  return gets;
}
