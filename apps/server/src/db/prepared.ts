import { fillPlaceholders, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { withCompiledReader } from './row-reader.js';

type Prepared<T> = { execute(values: Record<string, unknown>): Promise<T> };
type Preparable<T> = { prepare(name: string): Prepared<T>; toSQL(): { sql: string; params: unknown[] } };

/**
 * How PostgreSQL plans a query (docs/decisions/008). 'generic': the best plan does not depend on the values (a primary
 * key, a team's newest deals), so the statement is named and PostgreSQL keeps one plan after five executions, sparing
 * the planning (0.3-0.6 ms of its CPU for a list). 'values': the statement goes unnamed and is planned for each
 * execution's values, because its generic plan can be a hundred times slower for some team: a price range, a rare
 * counterpart or a status in placement order read through the wrong index (117, 57 and 68 ms against under 1 ms at
 * 200 000 deals).
 */
export type PlanFor = 'generic' | 'values';

/**
 * A LIMIT written into the SQL instead of sent as a value. PostgreSQL costs `LIMIT $n` in a generic plan as a tenth of
 * the rows, so a statement with one never gets a generic plan and is planned again on every execution (docs/decisions
 * 008: 0.3 ms of PostgreSQL's CPU a list); the number in the statement keeps it cached. Drizzle writes an SQL object
 * given as a limit into the statement as it is; its types only admit a number or a placeholder.
 */
export const literalLimit = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as Placeholder;

/**
 * A query built once per database handle and shape, its rows read by a compiled reader; a request only fills in the
 * values. Building a Drizzle query is its most expensive work on a request (0.7 ms of CPU for the lateral list, more
 * than PostgreSQL spends answering it), and Drizzle's own row mapping the next (db/row-reader.ts).
 */
export function preparedQuery<T>(
  db: Db,
  /** Names the query's SQL: two calls with the same shape build the same statement. */
  shape: string,
  values: Record<string, unknown>,
  plan: PlanFor,
  build: () => Preparable<T>,
) {
  return {
    /** The SQL and its values, for EXPLAIN. */
    toSQL() {
      const { sql: text, params } = build().toSQL();
      return { sql: text, params: fillPlaceholders(params, values) };
    },
    execute(): Promise<T> {
      let shapes = prepared.get(db);
      if (!shapes) {
        shapes = new Map();
        prepared.set(db, shapes);
      }
      let query = shapes.get(shape) as Prepared<T> | undefined;
      if (!query) {
        // The empty name is the protocol's unnamed statement: parsed and planned on every execution.
        query = withCompiledReader(build().prepare(plan === 'generic' ? statementName(shape) : ''));
        shapes.set(shape, query);
      }
      return query.execute(values);
    },
  };
}

/**
 * A prepared statement's name per shape, the same on every handle: a name spelling the shape out grows past
 * PostgreSQL's 63 characters with many filters, and two shapes cut to the same prefix would collide on a connection.
 */
const statementNames = new Map<string, string>();
const statementName = (shape: string) => {
  let name = statementNames.get(shape);
  if (!name) {
    name = `q_${statementNames.size + 1}`;
    statementNames.set(shape, name);
  }
  return name;
};

/** Prepared queries by database handle (the app's, or a transaction's) and shape. */
const prepared = new WeakMap<Db, Map<string, Prepared<unknown>>>();
