import { z } from '@addesk/contract';
import { AppError } from './app-error.js';

const INVALID = 'Некорректный курсор страницы: загрузите список заново';

/** Cursors are the sort key of the last row on a page, opaque to clients. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<T extends z.ZodType>(
  cursor: string | undefined,
  key: T,
): z.infer<T> | undefined {
  if (cursor === undefined) return undefined;
  try {
    return key.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('VALIDATION_ERROR', INVALID, { cursor: [INVALID] });
  }
}

/** Turns the limit+1 rows a repository fetched into a page and the cursor of the next one. */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  map: (row: Row) => Item,
  keyOf: (row: Row) => readonly (string | number)[],
): { items: Item[]; nextCursor: string | null } {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    items: pageRows.map(map),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}

export const idCursor = z.tuple([z.number().int().positive()]);
