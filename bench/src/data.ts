import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';
import { signIn } from '../../apps/server/src/modules/auth/auth.service.js';

export type Size = {
  dealsPerKind: number;
  channels: number;
  employees: number;
  counterparts: number;
  smallTeams: number;
};

export const BIG: Size = {
  dealsPerKind: 1_000_000,
  channels: 25,
  employees: 40,
  counterparts: 5000,
  smallTeams: 200,
};

/** Rows per INSERT ... SELECT: large enough to be fast, small enough for PGlite's WASM memory. */
const CHUNK = 100_000;
const YEARS_3_DAYS = 1095;

/**
 * Fills one team with a network of channels and years of deals, generated inside the database (INSERT ... SELECT
 * over generate_series), which is the fastest bulk path on both PGlite and PostgreSQL. Deterministic: row g gets
 * the same values every run. Returns the team's master.
 */
export async function fillBigTeam(db: Db, size: Size, onProgress: (text: string) => void) {
  const master = await signIn(
    db,
    { provider: 'bench', subject: 'big' },
    { firstName: 'Бенч', secondName: 'Сеть', iconLink: null },
  );
  const team = master.teamId;
  await db.execute(sql`
    insert into channels (team_id, name, telegram_nick_name, owner_employee_id)
    select ${team}::bigint, 'Канал ' || g, 'bench_channel_' || g, ${master.employeeId}::bigint from generate_series(1, ${size.channels}::int) g`);
  await db.execute(sql`
    insert into employees (team_id, first_name, second_name, manager_id)
    select ${team}::bigint, 'Менеджер', '№' || g, ${master.employeeId}::bigint from generate_series(1, ${size.employees}::int) g`);
  for (const table of ['external_channels', 'contacts'] as const) {
    await db.execute(sql`
      insert into ${sql.raw(table)} (team_id, name, username)
      select ${team}::bigint, 'Контрагент ' || g, 'bench_${sql.raw(table)}_' || g from generate_series(1, ${size.counterparts}::int) g`);
  }
  for (const kind of ['sale', 'purchase'] as const) {
    for (let from = 1; from <= size.dealsPerKind; from += CHUNK) {
      const to = Math.min(from + CHUNK - 1, size.dealsPerKind);
      await insertDeals(db, team, kind, from, to, size.dealsPerKind);
      onProgress(`${kind}: ${to.toLocaleString('ru-RU')} / ${size.dealsPerKind.toLocaleString('ru-RU')}`);
    }
  }
  return master;
}

/**
 * What autovacuum, or on PGlite the server's maintenance (docs/decisions/022), does after a bulk load: run once the
 * whole load is written, so it does not fall inside a measured scenario. PGlite loses its activity counters when it is
 * closed, so the server's maintenance would never see the load's changes: a load vacuumed before its payments left
 * two million dead deal versions and the statistics of unpaid deals in every PGlite scenario.
 */
export const settle = (db: Db) => db.execute(sql`vacuum (analyze)`);

async function insertDeals(
  db: Db,
  team: number,
  kind: 'sale' | 'purchase',
  from: number,
  to: number,
  total: number,
) {
  // Statuses weighted as in life: most deals done, some cancelled, the newest still open.
  const statuses =
    kind === 'sale' ? sql`array[6,6,6,6,5,5,4,4,3,2,1,7]` : sql`array[15,15,15,15,14,14,13,13,12,11,16]`;
  await db.execute(sql`
    with refs as (
      select
        (select array_agg(id order by id) from channels where team_id = ${team}::bigint) as channel_ids,
        (select array_agg(id order by id) from employees where team_id = ${team}::bigint) as employee_ids,
        (select array_agg(id order by id) from external_channels where team_id = ${team}::bigint) as external_ids,
        (select array_agg(id order by id) from contacts where team_id = ${team}::bigint) as contact_ids
    ), rows as (
      select g,
        timestamptz '2023-11-01 07:00:00+03' + (g::float8 / ${total}::int) * interval '${sql.raw(String(YEARS_3_DAYS))} days'
          + ((g::bigint * 7919) % 720) * interval '1 minute' as placed
      from generate_series(${from}::int, ${to}::int) g
    )
    insert into deals (team_id, kind, channel_id, employee_id, external_channel_id, contact_id,
      advertisement_format_id, advertisement_type_id, status_id, placement_at, duration_type, duration,
      hours_in_top, price, deal_date)
    select ${team}::bigint, ${kind}::text,
      channel_ids[1 + (g::bigint * 31) % array_length(channel_ids, 1)],
      employee_ids[1 + (g::bigint * 17) % array_length(employee_ids, 1)],
      external_ids[1 + (g::bigint * 131) % array_length(external_ids, 1)],
      contact_ids[1 + (g::bigint * 137) % array_length(contact_ids, 1)],
      1 + (g % 5),
      ${kind === 'sale' ? sql`1 + (g % 4)` : sql`null`},
      (${statuses})[1 + (g::bigint * 7) % ${sql.raw(kind === 'sale' ? '12' : '11')}],
      placed,
      case when g % 4 = 0 then 'DAYS' else 'INFINITY' end,
      case when g % 4 = 0 then 1 + g % 7 else null end,
      g % 3,
      (1000 + ((g::bigint * 37) % 180) * 250)::numeric(14,2),
      (placed at time zone 'Europe/Moscow')::date - (g % 6)
    from rows, refs`);
}

/** Teams beside the big one, so its queries are measured in a shared database, as in production. */
export async function fillSmallTeams(db: Db, count: number) {
  for (let i = 1; i <= count; i++) {
    const master = await signIn(
      db,
      { provider: 'bench', subject: `small-${i}` },
      { firstName: 'Маленькая', secondName: `команда ${i}`, iconLink: null },
    );
    await db.execute(sql`
      insert into channels (team_id, name, telegram_nick_name, owner_employee_id)
      values (${master.teamId}::bigint, 'Канал', 'small_team_channel', ${master.employeeId}::bigint)`);
    await db.execute(sql`
      insert into deals (team_id, kind, channel_id, employee_id, status_id, placement_at, duration_type, price, deal_date)
      select ${master.teamId}::bigint, case when g % 2 = 0 then 'sale' else 'purchase' end,
        (select id from channels where team_id = ${master.teamId}::bigint limit 1), ${master.employeeId}::bigint,
        case when g % 2 = 0 then 4 else 13 end,
        now() - g * interval '1 day', 'INFINITY', 5000, (now() - g * interval '1 day')::date
      from generate_series(1, 20) g`);
  }
}
