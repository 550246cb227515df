import { sql } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';

/** A database of any schema: the maintenance reads and writes the catalog and its own table in plain SQL. */
type Db = PgDatabase<NodePgQueryResultHKT, Record<string, unknown>>;

/** How often the embedded database's tables are checked: autovacuum's own default naptime. */
export const MAINTENANCE_INTERVAL_MS = 60_000;

/**
 * What PostgreSQL's autovacuum would run now, one statement per table that needs it, with its own thresholds read from
 * the settings: ANALYZE once enough rows changed since the last one (or never ran), VACUUM once enough rows died or
 * arrived since the last one. A table never analyzed counts as due, so a database that grew before this ran is
 * analyzed on the first pass. PGlite forgets the counters whenever it closes; its close keeps them in
 * embedded_table_activity (`keepTableActivity`), counted here with the live ones (docs/decisions/022).
 */
const due = sql`
  select format(
      case when to_vacuum and to_analyze then 'vacuum (analyze) %s' when to_vacuum then 'vacuum %s' else 'analyze %s' end,
      name) as statement,
    name, to_vacuum as vacuums, to_analyze as analyzes
  from (
    select format('%I.%I', s.schemaname, s.relname) as name,
      s.n_dead_tup + coalesce(kept.dead, 0) > current_setting('autovacuum_vacuum_threshold')::float8
          + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
        or s.n_ins_since_vacuum + coalesce(kept.inserted, 0) > current_setting('autovacuum_vacuum_insert_threshold')::float8
          + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * greatest(c.reltuples, 0) as to_vacuum,
      c.reltuples < 0
        or s.n_mod_since_analyze + coalesce(kept.modified, 0) > current_setting('autovacuum_analyze_threshold')::float8
          + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0) as to_analyze
    from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
      left join embedded_table_activity kept on kept.table_name = format('%I.%I', s.schemaname, s.relname)
  ) t
  where to_vacuum or to_analyze
  order by name`;

/**
 * Does for the embedded database what autovacuum does for a PostgreSQL server, which PGlite does not run (it has no
 * background processes): without it, the planner never gets statistics, and an unfiltered list took 100 ms instead
 * of 2 ms at 50 000 deals (docs/decisions/022). Answers the statements it ran. Each one holds PGlite's one backend,
 * so requests wait for it: ANALYZE samples at most 30 000 rows of a table (the first pass over 100 000 deals took
 * 0.5 s in WASM), and a table is vacuumed only after a fifth of it changed.
 */
export async function maintainTables(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ statement: string; name: string; vacuums: boolean; analyzes: boolean }>(
    due,
  );
  for (const { statement } of rows) await db.execute(sql.raw(statement));
  // What was done starts counting again from zero, as PostgreSQL's own counters just did.
  const names = (done: (row: (typeof rows)[number]) => boolean) =>
    sql.param(rows.filter(done).map((row) => row.name));
  if (rows.length > 0) {
    await db.execute(sql`
      update embedded_table_activity set
        dead = case when table_name = any(${names((row) => row.vacuums)}) then 0 else dead end,
        inserted = case when table_name = any(${names((row) => row.vacuums)}) then 0 else inserted end,
        modified = case when table_name = any(${names((row) => row.analyzes)}) then 0 else modified end
      where table_name = any(${names(() => true)})`);
  }
  return rows.map((row) => row.statement);
}

/**
 * Adds the embedded database's activity counters to those kept, before it closes and forgets them: the embedded
 * database's close calls it (db/client.ts). Its own pending counters are flushed first, so its last writes count too.
 * A database not migrated yet has nothing to keep them in.
 */
export async function keepTableActivity(db: Db) {
  const { rows } = await db.execute<{ migrated: boolean }>(
    sql`select to_regclass('public.embedded_table_activity') is not null as migrated`,
  );
  if (!rows[0]?.migrated) return;
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`
    insert into embedded_table_activity (table_name, dead, inserted, modified)
      select format('%I.%I', schemaname, relname), n_dead_tup, n_ins_since_vacuum, n_mod_since_analyze
      from pg_stat_user_tables
      where n_dead_tup > 0 or n_ins_since_vacuum > 0 or n_mod_since_analyze > 0
    on conflict (table_name) do update set
      dead = embedded_table_activity.dead + excluded.dead,
      inserted = embedded_table_activity.inserted + excluded.inserted,
      modified = embedded_table_activity.modified + excluded.modified`);
}
