import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRecords, TableError } from '../../src/lib/files/read-table.js';

// The import's CSV reader is hand-written (issue 38); csv-parse, which it replaced, is the oracle: a row's cells are
// its identity for the next import of the same file (import.service.ts hashes them), so every text must read into the
// same records as before, or fail where csv-parse failed.

const LIMITS = { maxColumns: 1000, maxRows: 1000 };

/** What csv-parse reads with the options the import read with, or 'unclosed' for its one error under them. */
function oracle(text: string, delimiter: string): string[][] | 'unclosed' {
  try {
    return parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      record_delimiter: ['\r\n', '\n', '\r'],
    });
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') return 'unclosed';
    throw error;
  }
}

function ours(text: string, delimiter: string): string[][] | 'unclosed' {
  try {
    return [...csvRecords(text, delimiter, LIMITS)];
  } catch (error) {
    if (error instanceof TableError && error.message.startsWith('В CSV не закрыта кавычка'))
      return 'unclosed';
    throw error;
  }
}

describe('csvRecords', () => {
  it('reads every text into the records csv-parse read, and fails where it failed', () => {
    // Short texts of the characters the rules turn on: quotes, delimiters of every kind, every line end, spaces.
    const char = fc.constantFrom('"', '"', ';', ',', '\t', '\r', '\n', ' ', 'а', 'b', '5');
    const text = fc.array(char, { maxLength: 24 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, fc.constantFrom(';', ',', '\t'), (csv, delimiter) => {
        expect(ours(csv, delimiter)).toEqual(oracle(csv, delimiter));
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads the cases the rules were written for as csv-parse does', () => {
    const cases = [
      '',
      '\n',
      'a;b;',
      'a;b;\n',
      '"a"',
      '""',
      '"";""\r\n',
      '"ab"cd;e',
      '"a""b"c;d',
      'x"y;"z',
      '"a;b\r\nc";d\re\n\nf',
      '"a""',
      ';;\r\n;',
    ];
    for (const text of cases) expect(ours(text, ';'), JSON.stringify(text)).toEqual(oracle(text, ';'));
  });

  it('names the line the open quote is on', () => {
    expect(() => [...csvRecords('a;b\r\n"c;d\r\ne\n', ';', LIMITS)]).toThrow(
      'В CSV не закрыта кавычка, строка 2: проверьте, что у каждой открывающей кавычки есть закрывающая',
    );
    expect(() => [...csvRecords('"a\nb";c\r"d', ';', LIMITS)]).toThrow('строка 3');
  });
});
