import { Readable } from 'node:stream';
import type { Cell, ColumnType, Table } from './table.js';

// CSV as Russian Excel opens it by a double click: UTF-8 with a BOM (without it Excel reads cp1251), `;` between fields
// (its list separator in the ru-RU locale), a decimal comma, days as dd.mm.yyyy and CRLF line ends.

const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

/**
 * A text a spreadsheet would run as a formula (=, +, -, @, and the tab and carriage return that some read before
 * them) gets an apostrophe in front, so a counterpart named `=HYPERLINK(...)` stays a name (OWASP's CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const quoted = (text: string) => (/[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** yyyy-MM-dd (and a time after it) as dd.mm.yyyy. */
const russianDay = (value: string) => `${value.slice(8, 10)}.${value.slice(5, 7)}.${value.slice(0, 4)}`;

const format: Record<ColumnType, (value: string | number) => string> = {
  text: (value) => {
    const text = String(value);
    return quoted(FORMULA_START.test(text) ? `'${text}` : text);
  },
  money: (value) => Number(value).toFixed(2).replace('.', ','),
  date: (value) => russianDay(String(value)),
  datetime: (value) => `${russianDay(String(value))} ${String(value).slice(11, 16)}`,
};

function line(writers: readonly ((value: string | number) => string)[], row: Cell[]): string {
  let text = '';
  for (let i = 0; i < writers.length; i++) {
    const value = row[i];
    const write = writers[i];
    if (i > 0) text += SEPARATOR;
    if (value !== null && value !== undefined && write) text += write(value);
  }
  return text + LINE_END;
}

async function* lines({ columns, batches }: Table) {
  yield Buffer.from(BOM + columns.map((column) => quoted(column.header)).join(SEPARATOR) + LINE_END);
  const writers = columns.map((column) => format[column.type]);
  for await (const batch of batches) {
    let chunk = '';
    for (const row of batch) chunk += line(writers, row);
    yield Buffer.from(chunk);
  }
}

/**
 * The table as a CSV byte stream. It reads the next batch only when the reader has taken the previous one (a slow
 * download slows the reading), and destroying the stream (an aborted download) ends the reading.
 */
export const csvStream = (table: Table) => Readable.from(lines(table), { objectMode: false });
