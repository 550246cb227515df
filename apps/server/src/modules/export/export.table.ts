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
