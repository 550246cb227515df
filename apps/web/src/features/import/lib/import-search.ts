import { parseId } from '@/lib/ids';

/** The import routes' search: `?id=12` is the draft being mapped and checked, so a reload keeps it. */
export type ImportSearch = { id?: number };

// A plain function rather than a zod schema: route modules are on the first-load path (decision 009).
export function validateImportSearch(search: Record<string, unknown>): ImportSearch {
  const id = parseId(String(search.id ?? ''));
  return id === undefined ? {} : { id };
}
