/** How a column's cells are written: text as is, numbers as numbers, days and wall-clock times as dates. */
export type ColumnType = 'text' | 'money' | 'date' | 'datetime';

/** A column of an exported table: its Russian header and its width in characters (the XLSX file's). */
export type Column = { header: string; type: ColumnType; width: number };

/**
 * One cell: a string for text, a number for money, `yyyy-MM-dd` for a date and `yyyy-MM-ddTHH:mm` (the wall-clock
 * time in the team's zone) for a date and time; null leaves it empty.
 */
export type Cell = string | number | null;

/**
 * A file's content: its columns and its rows, read in batches as the file is written, so a million rows never sit in
 * memory at once. A consumer that stops iterating (the download was aborted) stops the reading.
 */
export type Table = { columns: readonly Column[]; batches: AsyncIterable<Cell[][]> };

/**
 * Rows read per query. Measured on PostgreSQL at 200,000 sales over HTTP, two runs each (CSV, XLSX rows/s; the
 * server's peak resident growth): 500 a batch 42-44k / 31-33k rows/s, +0-8 / +21-32 MB; 1,000 58-62k / 40-42k,
 * +0-10 / +6-82 MB; 2,000 59-65k / 40-44k, +66-112 / +62-91 MB (batches in flight outlive the young generation).
 * Through the list's own pages (before deal-export.query.ts) it was 24-28k / 19-23k rows/s at 500 a batch.
 */
export const EXPORT_BATCH = 1000;
