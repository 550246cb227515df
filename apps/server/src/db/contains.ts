import { type AnyColumn, like, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type ExtraConfigColumn, index } from 'drizzle-orm/pg-core';

/**
 * A text as the search compares it: lower case, and 'ё' read as 'е' (people type 'Желтая' for 'Жёлтая'). The trigram
 * indexes of the searched columns are built on this same expression (migration 0011), so it must not change alone.
 */
export const searchable = (column: AnyColumn): SQL => sql`translate(lower(${column}), 'ё', 'е')`;

/**
 * The trigram index a table's search reads: the team first (btree_gin), then each searched column in the searchable
 * form. No pending list (fastupdate): each search reads it whole until a VACUUM merges it, and on PGlite a VACUUM
 * comes only from the server's maintenance, after a thousand new rows (migration 0020, docs/decisions/022).
 */
export const searchIndex = (name: string, teamId: ExtraConfigColumn, ...columns: AnyColumn[]) =>
  index(name)
    .using('gin', teamId, ...columns.map((column) => sql`${searchable(column)} gin_trgm_ops`))
    .with({ fastupdate: false });

/** The LIKE pattern of rows containing the text, in the searchable form (LIKE's wildcards in it match themselves). */
export const containsPattern = (text: string) =>
  `%${text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Rows where any of the columns contains the text, whatever its letter case and its 'ё', Cyrillic included; a
 * prepared query passes the text's `containsPattern` as a placeholder.
 */
export function containsText(text: string | Placeholder, ...columns: AnyColumn[]) {
  const pattern = typeof text === 'string' ? containsPattern(text) : text;
  return or(...columns.map((column) => like(searchable(column), pattern)));
}
