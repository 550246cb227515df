import { type AnyColumn, ilike, or } from 'drizzle-orm';

/**
 * Rows where any of the columns contains the text, whatever its letter case, Cyrillic included (LIKE's wildcards in
 * the text match themselves). The team tables searched this way have trigram indexes that lead with team_id.
 */
export function containsText(text: string, ...columns: AnyColumn[]) {
  const pattern = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}
