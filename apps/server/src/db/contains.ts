import { type AnyColumn, like, or, type SQL, sql } from 'drizzle-orm';

/**
 * A text as the search compares it: lower case, and 'ё' read as 'е' (people type 'Желтая' for 'Жёлтая'). The trigram
 * indexes of the searched columns are built on this same expression (migration 0011), so it must not change alone.
 */
export const searchable = (column: AnyColumn): SQL => sql`translate(lower(${column}), 'ё', 'е')`;

/**
 * Rows where any of the columns contains the text, whatever its letter case and its 'ё', Cyrillic included (LIKE's
 * wildcards in the text match themselves).
 */
export function containsText(text: string, ...columns: AnyColumn[]) {
  const pattern = `%${text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[\\%_]/g, '\\$&')}%`;
  return or(...columns.map((column) => like(searchable(column), pattern)));
}
