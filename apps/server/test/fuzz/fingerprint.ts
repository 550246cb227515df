import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Columns a refused request may legitimately write: a live session past half its life is extended by any request
 * that carries it, refused or not (auth.service resolveSession), so its expiry is bookkeeping, not data.
 */
const BOOKKEEPING = new Set(['sessions.expires_at']);

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** A name from the catalog as an SQL identifier. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Hashes of the database's content: `whole`, every row of every table in the public schema (but the bookkeeping
 * above), and `team`, the rows of one team (its own row in teams, and every row that carries its team_id).
 */
export async function fingerprinter(app: FastifyInstance, teamId: number) {
  const columns = rowsOf(
    await app.db.execute(sql`
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`),
  );
  const tables = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns as {
    table_name: string;
    column_name: string;
  }[]) {
    if (!BOOKKEEPING.has(`${table}.${column}`)) tables.set(table, [...(tables.get(table) ?? []), column]);
  }
  const allColumns = (table: string) =>
    new Set(columns.filter((c) => c.table_name === table).map((c) => c.column_name));
  // A table's rows as a set: the count and the sum of each row's 64-bit hash. Order-free, so no sort and no
  // concatenation of every row per request, which made this check most of the fuzz test's time.
  const hashOf = (table: string, where = '') =>
    `(select count(*) || ':' || coalesce(sum(hashtextextended(r::text, 0)::numeric), 0) from (select ${(
      tables.get(table) ?? []
    )
      .map(quoted)
      .join(', ')} from ${quoted(table)} ${where}) r)`;
  const whole = [...tables.keys()].map((table) => `'${table}:' || ${hashOf(table)}`);
  const team = [...tables.keys()].flatMap((table) => {
    if (table === 'teams') return [hashOf(table, `where id = ${teamId}`)];
    return allColumns(table).has('team_id') ? [hashOf(table, `where team_id = ${teamId}`)] : [];
  });
  const query = sql.raw(
    `select array[${whole.join(', ')}] as whole, md5(concat_ws('|', ${team.join(', ')})) as team`,
  );
  // Ids of every table that has them, to name real records in requests.
  const idTables = [...tables.keys()].filter(
    (table) => allColumns(table).has('team_id') && allColumns(table).has('id'),
  );
  const ids = sql.raw(
    idTables
      .map((table) => `select team_id::int as team, id::float8 as id from ${quoted(table)}`)
      .join(' union '),
  );
  return {
    /** Per table, `name:count:hash`, so a difference names the table. */
    async take(): Promise<{ whole: string[]; team: string }> {
      const [row] = rowsOf(await app.db.execute(query));
      return row as { whole: string[]; team: string };
    },
    /** The record ids of a team. */
    async idsOf(team: number): Promise<number[]> {
      return rowsOf(await app.db.execute(ids))
        .filter((row) => Number(row.team) === team)
        .map((row) => Number(row.id));
    },
  };
}
