import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Columns a refused request may legitimately write: a live session past half its life is extended by any request
 * that carries it, refused or not (auth.service resolveSession), so its expiry is bookkeeping, not data.
 */
const BOOKKEEPING: Record<string, string> = { sessions: 'expires_at' };

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** A name from the catalog as an SQL identifier. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * What a request wrote, counted as it happens: a row trigger on every table of the public schema (installed here, in
 * the test's own database only) adds one per inserted, changed or deleted row to `fuzz_writes`, by table and by the
 * team the row belongs to (its team_id; a team's own row in teams). A rolled-back request's counts roll back with it,
 * an update that changes nothing (or only the bookkeeping above) counts nothing. So `whole` (every table's count)
 * and `team` (one team's) change exactly when committed data does, and reading them costs one small table instead of
 * hashing every row of every table after each request (which was most of the fuzz test's time).
 */
export async function fingerprinter(app: FastifyInstance, teamId: number) {
  const tables = rowsOf(
    await app.db.execute(sql`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  ).map((row) => String(row.table_name));
  await app.db.execute(
    sql.raw(`
    create table fuzz_writes (tbl text not null, team bigint not null, n bigint not null, primary key (tbl, team));
    create function fuzz_count() returns trigger language plpgsql as $$
    declare
      changed jsonb := to_jsonb(coalesce(NEW, OLD));
      owner bigint;
    begin
      if TG_OP = 'UPDATE' and (to_jsonb(OLD) - TG_ARGV[0]) = (to_jsonb(NEW) - TG_ARGV[0]) then return null; end if;
      owner := coalesce(case when TG_TABLE_NAME = 'teams' then changed->>'id' else changed->>'team_id' end, '0')::bigint;
      insert into fuzz_writes values (TG_TABLE_NAME, owner, 1) on conflict (tbl, team) do update set n = fuzz_writes.n + 1;
      return null;
    end $$;
    ${tables
      .map(
        (table) =>
          `create trigger fuzz_count after insert or update or delete on ${quoted(table)} for each row execute function fuzz_count('${BOOKKEEPING[table] ?? ''}');`,
      )
      .join('\n')}`),
  );
  const ids = sql.raw(
    (
      await Promise.all(
        tables.map(async (table) => {
          const columns = rowsOf(
            await app.db.execute(
              sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}`,
            ),
          ).map((row) => String(row.column_name));
          return columns.includes('team_id') && columns.includes('id')
            ? [`select team_id::int as team, id::float8 as id from ${quoted(table)}`]
            : [];
        }),
      )
    )
      .flat()
      .join(' union '),
  );
  return {
    /** Per table, `name:count` of rows written so far, so a difference names the table; and one team's writes. */
    async take(): Promise<{ whole: string[]; team: string }> {
      const rows = rowsOf(await app.db.execute(sql`select tbl, team, n from fuzz_writes order by tbl, team`));
      const whole = new Map<string, number>();
      for (const row of rows) whole.set(String(row.tbl), (whole.get(String(row.tbl)) ?? 0) + Number(row.n));
      const team = rows
        .filter((row) => Number(row.team) === teamId)
        .map((row) => `${row.tbl}:${row.n}`)
        .join('|');
      return { whole: [...whole].map(([table, n]) => `${table}:${n}`), team };
    },
    /** The record ids of a team. */
    async idsOf(team: number): Promise<number[]> {
      return rowsOf(await app.db.execute(ids))
        .filter((row) => Number(row.team) === team)
        .map((row) => Number(row.id));
    },
  };
}
