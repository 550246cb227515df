import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** How often the embedded database's tables are checked: autovacuum's own default naptime. */
export const MAINTENANCE_INTERVAL_MS = 60_000;

/**
 * What PostgreSQL's autovacuum would run now, one statement per table that needs it, with its own thresholds read from
 * the settings: ANALYZE once enough rows changed since the last one (or never ran), VACUUM once enough rows died or
 * arrived since the last one. A table never analyzed counts as due, so a database that grew before this ran is
 * analyzed on the first pass. PGlite forgets these counters whenever it closes: what changed in the minute before a
 * restart is never counted, and the statistics already kept stay as they were (docs/decisions/022).
 */
const due = sql`
  select format(
    case when to_vacuum and to_analyze then 'vacuum (analyze) %I.%I' when to_vacuum then 'vacuum %I.%I' else 'analyze %I.%I' end,
    schemaname, relname) as statement
  from (
    select s.schemaname, s.relname,
      s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
          + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
        or s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float8
          + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * greatest(c.reltuples, 0) as to_vacuum,
      c.reltuples < 0
        or s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
          + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0) as to_analyze
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  ) t
  where to_vacuum or to_analyze
  order by schemaname, relname`;

/**
 * Does for the embedded database what autovacuum does for a PostgreSQL server, which PGlite does not run (it has no
 * background processes): without it, the planner never gets statistics, and an unfiltered list took 100 ms instead
 * of 2 ms at 50 000 deals (docs/decisions/022). Answers the statements it ran. Each one holds PGlite's one backend,
 * so requests wait for it: ANALYZE samples at most 30 000 rows of a table (the first pass over 100 000 deals took
 * 0.5 s in WASM), and a table is vacuumed only after a fifth of it changed.
 */
export async function maintainTables(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ statement: string }>(due);
  for (const { statement } of rows) await db.execute(sql.raw(statement));
  return rows.map((row) => row.statement);
}
