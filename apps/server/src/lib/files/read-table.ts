import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

// A table uploaded for an import, read row by row: the caller validates each row and keeps only a page, so nothing
// here holds more than a row beside the file (and, for CSV, its decoded text; for XLSX, the shared strings, which the
// sheet addresses at random).

/** One cell as the file holds it. */
export type ReadCell =
  /** Text: every CSV cell, as written. */
  | string
  /** An XLSX number cell not formatted as a date or time. */
  | number
  /** An XLSX number cell formatted as a date or time: days since 1899-12-30, the fraction is the time of day. */
  | { excelDate: number }
  /** An XLSX formula cell saved without its computed value (by a generator that does not compute): its formula. */
  | { formulaWithoutValue: string }
  | null;

/** A non-empty row; `row` is the number a spreadsheet shows (the first line is 1). */
export type ReadRow = { row: number; cells: ReadCell[] };

export type TableType = 'csv' | 'xlsx';

export type TableLimits = { maxColumns: number; maxRows: number };

/** A file the import cannot read; the message is Russian and is shown to the user as is. */
export class TableError extends Error {
  override name = 'TableError';
}

const NOT_A_TABLE = 'Это не CSV и не XLSX: сохраните таблицу в одном из этих форматов';
const EMPTY = 'Файл пуст';
const BROKEN_ZIP = 'Файл повреждён: не удалось открыть XLSX';
const NOT_XLSX = 'Это не XLSX: в архиве нет листа таблицы';
const TOO_BIG = 'Файл повреждён или слишком велик в распакованном виде';

const tooWide = (columns: number, { maxColumns }: TableLimits) =>
  new TableError(`Слишком много колонок: ${columns}. В таблице сделок их не больше ${maxColumns}`);
const tooLong = ({ maxRows }: TableLimits) =>
  new TableError(`Слишком много строк: больше ${maxRows}. Разделите файл на части`);

/**
 * Counts the non-empty rows; the first one is the header (or the caller's first row), so the limit is on those after
 * it.
 */
function rowCounter(limits: TableLimits) {
  let rows = 0;
  return () => {
    rows++;
    if (rows > limits.maxRows + 1) throw tooLong(limits);
    return rows;
  };
}

/** How far a text file is looked at for NUL bytes (a text never has them, nearly every binary format does early). */
const SNIFF_BYTES = 8192;

/** CSV or XLSX by the content, as a file's name and type are whatever the user's system says. */
export function tableTypeOf(bytes: Buffer): TableType {
  // A zip's local file header, or the end record of an empty zip (then "no sheet" says more than "not a table").
  if (
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  )
    return 'xlsx';
  if (bytes.subarray(0, SNIFF_BYTES).includes(0)) throw new TableError(NOT_A_TABLE);
  return 'csv';
}

/**
 * The file's non-empty rows, one by one as they are read. Throws TableError (in the middle of the rows, too) when the
 * file is empty, broken, or beyond the limits.
 */
export function readTable(bytes: Buffer, type: TableType, limits: TableLimits): AsyncGenerator<ReadRow> {
  return type === 'csv' ? readCsv(bytes, limits) : readXlsx(bytes, limits);
}

// ---------------------------------------------------------------------------------------------------------------- CSV

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const DELIMITERS = [';', ',', '\t'] as const;

/**
 * The delimiter counted in the first non-blank record, outside quotes: the most frequent of `;`, `,` and tab; `;` on a
 * tie (Russian Excel's list separator), which also covers a one-column file. The three are ASCII, the same bytes in
 * UTF-8 and in Windows-1251, so the bytes are counted before decoding.
 */
export function sniffDelimiter(bytes: Buffer): string {
  const counts = [0, 0, 0];
  const codes = DELIMITERS.map((delimiter) => delimiter.charCodeAt(0));
  let quoted = false;
  let blank = true;
  const end = Math.min(bytes.length, 64 * 1024);
  for (let i = 0; i < end; i++) {
    const byte = bytes[i];
    if (byte === QUOTE) quoted = !quoted;
    else if (quoted) continue;
    else if (byte === LF || byte === CR) {
      if (!blank) break;
    } else {
      const index = codes.indexOf(byte ?? -1);
      if (index >= 0) counts[index] = (counts[index] ?? 0) + 1;
      if (byte !== 0x20 && byte !== 0x09) blank = false;
    }
  }
  let best = 0;
  for (let i = 1; i < counts.length; i++) if ((counts[i] ?? 0) > (counts[best] ?? 0)) best = i;
  return DELIMITERS[best] ?? ';';
}

const QUOTE_NOT_CLOSED = (line: number) =>
  `В CSV не закрыта кавычка, строка ${line}: проверьте, что у каждой открывающей кавычки есть закрывающая`;

/** The line (from 1) a position of the text is on, line ends being \r\n, \n or \r: read only for an error. */
const lineAt = (text: string, at: number) => (text.slice(0, at).match(/\r\n|\r|\n/g)?.length ?? 0) + 1;

/**
 * The records of a CSV text, one at a time, read by the rules of csv-parse with `relax_quotes` and
 * `relax_column_count` (the library this replaced; test/lib/csv-records.test.ts holds the two to the same records):
 * a quote at a field's start opens quoting, inside which `""` is a quote and a quote before the delimiter, a line end
 * or the end closes it; a quote before anything else ends the quoting and the field reads as written from its
 * opening quote; a quote inside an unquoted field is text. Line ends are \r\n, \n or \r, text inside quotes; an
 * empty line is a record of one empty field. A record wider than `maxColumns` is refused when it ends, with all its
 * fields counted but no more than `maxColumns` kept. Hand-written: csv-parse took 5 ms of a 1 000-row check's 33
 * (issue 38), and a first pass counting the columns had to follow its rules apart from it.
 */
export function* csvRecords(text: string, delimiter: string, limits: TableLimits): Generator<string[]> {
  const separator = delimiter.charCodeAt(0);
  const length = text.length;
  let at = 0;
  let record: string[] = [];
  let fields = 0;
  while (at < length) {
    let field = '';
    if (text.charCodeAt(at) === QUOTE) {
      const opened = at;
      let from = at + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) throw new TableError(QUOTE_NOT_CLOSED(lineAt(text, opened)));
        field += text.slice(from, quote);
        const next = text.charCodeAt(quote + 1);
        if (next === QUOTE) {
          field += '"';
          from = quote + 2;
          continue;
        }
        at = quote + 1;
        // Anything but the field's end after the quote: it was text, and so was the opening one.
        if (!(Number.isNaN(next) || next === separator || next === CR || next === LF)) field = `"${field}"`;
        break;
      }
    }
    let end = at;
    for (; end < length; end++) {
      const code = text.charCodeAt(end);
      if (code === separator || code === CR || code === LF) break;
    }
    if (end > at) field += text.slice(at, end);
    at = end;
    if (++fields <= limits.maxColumns) record.push(field);
    if (text.charCodeAt(at) === separator) {
      at++;
      if (at < length) continue;
      // A delimiter last in the text still ends a field: the record has an empty one after it.
      if (++fields <= limits.maxColumns) record.push('');
    } else if (text.charCodeAt(at) === CR) {
      at += text.charCodeAt(at + 1) === LF ? 2 : 1;
    } else if (at < length) at++;
    if (fields > limits.maxColumns) throw tooWide(fields, limits);
    yield record;
    record = [];
    fields = 0;
  }
}

/** Windows-1251: what Russian Excel saves as "CSV (разделители — запятые)". */
const cp1251 = new TextDecoder('windows-1251');

/** The cells of a record; null for a blank row (one whose cells are all empty or spaces), which is skipped. */
function cellsOf(record: string[]): ReadCell[] | null {
  let last = -1;
  let blank = true;
  for (let i = 0; i < record.length; i++) {
    const text = record[i];
    if (text) {
      last = i;
      if (blank && text.trim() !== '') blank = false;
    }
  }
  if (blank) return null;
  const cells: ReadCell[] = new Array(last + 1);
  for (let i = 0; i <= last; i++) cells[i] = record[i] || null;
  return cells;
}

/**
 * The file's text is decoded whole (up to twice the file's size in memory while it is read; the file is at most
 * IMPORT_MAX_BYTES) and its records read one at a time. Valid UTF-8 is UTF-8 (Cyrillic in Windows-1251 is almost
 * never valid UTF-8); anything else is Windows-1251. The delimiter, the quote and the line ends are ASCII in both, so
 * the records are the same whichever the text was decoded from.
 */
async function* readCsv(bytes: Buffer, limits: TableLimits): AsyncGenerator<ReadRow> {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const text = isUtf8(bytes) ? bytes.toString('utf8', start) : cp1251.decode(bytes.subarray(start));
  const count = rowCounter(limits);
  let row = 0;
  let rows = 0;
  for (const record of csvRecords(text, sniffDelimiter(bytes), limits)) {
    row++;
    const cells = cellsOf(record);
    if (!cells) continue;
    rows = count();
    yield { row, cells };
  }
  if (rows === 0) throw new TableError(EMPTY);
}

// --------------------------------------------------------------------------------------------------------------- XLSX

/** The unpacked bytes read from one file, at most: a 20 MB upload of real data unpacks to a fraction of it. */
const MAX_UNPACKED = 200 * 1024 * 1024;
/** A part this large, packed this tightly, is a zip bomb: real sheets pack 5 to 20 times. */
const MAX_RATIO = 200;
const RATIO_FROM = 10 * 1024 * 1024;
/** The characters of the shared strings, which stay in memory while the sheet is read. */
const MAX_SHARED_CHARS = 100_000_000;

/** Built-in number formats (ECMA-376, 18.8.30) that are dates or times, ru-RU and the East Asian ones alike. */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/**
 * Whether a number format shows a date or a time: a built-in date format, or a custom code with a day, month, year,
 * hour or second part. Quoted text ("руб."), brackets ([Red], [$-419], [>100]) and the character after \, _ or * are
 * literal text, not parts; elapsed time ([h]:mm) is a time.
 */
export function isDateFormat(numFmtId: number, formatCode?: string): boolean {
  if (formatCode === undefined) return DATE_FORMAT_IDS.has(numFmtId);
  const code = formatCode;
  for (let i = 0; i < code.length; i++) {
    const char = code[i];
    if (char === '"') {
      const end = code.indexOf('"', i + 1);
      if (end < 0) return false;
      i = end;
    } else if (char === '[') {
      const end = code.indexOf(']', i + 1);
      if (end < 0) return false;
      if (/^\[(h+|m+|s+)\]$/i.test(code.slice(i, end + 1))) return true;
      i = end;
    } else if (char === '\\' || char === '_' || char === '*') i++;
    else if (char !== undefined && 'dmyhsDMYHS'.includes(char)) return true;
  }
  return false;
}

/** The unpacked bytes so far, declared and real, across the parts read. */
type Budget = { declared: number; inflated: number };

const openZip = (bytes: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) =>
      error || !zip ? reject(new TableError(BROKEN_ZIP)) : resolve(zip),
    ),
  );

/** The zip's entries by lower-cased name (OPC part names are case-insensitive); the directory only, nothing unpacked. */
const entriesOf = (zip: ZipFile) =>
  new Promise<Map<string, Entry>>((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName.toLowerCase(), entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', () => reject(new TableError(BROKEN_ZIP)));
    zip.readEntry();
  });

/** A part's unpacked stream, refused before a byte is inflated when its header says it is a bomb. */
async function openPart(zip: ZipFile, entry: Entry, budget: Budget): Promise<Readable> {
  budget.declared += entry.uncompressedSize;
  if (
    budget.declared > MAX_UNPACKED ||
    (entry.uncompressedSize > RATIO_FROM && entry.uncompressedSize > MAX_RATIO * entry.compressedSize)
  )
    throw new TableError(TOO_BIG);
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(new TableError(BROKEN_ZIP)) : resolve(stream),
    ),
  );
}

function xmlParser(): SaxesParser {
  const parser = new SaxesParser();
  parser.on('error', () => {
    throw new TableError(BROKEN_ZIP);
  });
  return parser;
}

/**
 * Unpacks a part into the parser chunk by chunk, pausing after each chunk until the caller asks for the next (so the
 * sheet's rows of a chunk are handed out before more is inflated). The real unpacked bytes are counted as well, as
 * yauzl checks each part against its header but the header may lie about all of them together.
 */
async function* feed(stream: Readable, parser: SaxesParser, budget: Budget): AsyncGenerator<void> {
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.inflated += chunk.length;
      if (budget.inflated > MAX_UNPACKED) throw new TableError(TOO_BIG);
      parser.write(decoder.decode(chunk, { stream: true }));
      yield;
    }
  } catch (error) {
    // yauzl's errors: an entry longer than its header says, or a deflate stream that is not one.
    throw error instanceof TableError ? error : new TableError(TOO_BIG);
  } finally {
    stream.destroy();
  }
  parser.write(decoder.decode());
  parser.close();
  yield;
}

async function readPart(zip: ZipFile, entry: Entry, budget: Budget, parser: SaxesParser) {
  const steps = feed(await openPart(zip, entry, budget), parser, budget);
  let step = await steps.next();
  while (!step.done) step = await steps.next();
}

/** A name without its namespace prefix (`x:row` as some generators write it). */
const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** An attribute by its local name (`r:id` whatever the prefix is bound to). */
function attribute(tag: SaxesTagPlain, name: string, prefixed = false): string | undefined {
  for (const key in tag.attributes) {
    const colon = key.indexOf(':');
    if (colon >= 0 === prefixed && (colon < 0 ? key : key.slice(colon + 1)) === name)
      return tag.attributes[key];
  }
  return undefined;
}

type Workbook = { sheetId: string | undefined; date1904: boolean };

async function readWorkbook(zip: ZipFile, entry: Entry, budget: Budget): Promise<Workbook> {
  const parser = xmlParser();
  let first: string | undefined;
  let visible: string | undefined;
  let date1904 = false;
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (name === 'sheet') {
      const id = attribute(tag, 'id', true);
      first ??= id;
      // A hidden sheet is not the one the user sees first when opening the file.
      if (visible === undefined && (attribute(tag, 'state') ?? 'visible') === 'visible') visible = id;
    } else if (name === 'workbookPr') {
      const value = attribute(tag, 'date1904');
      date1904 = value === '1' || value === 'true';
    }
  });
  await readPart(zip, entry, budget, parser);
  return { sheetId: visible ?? first, date1904 };
}

/** A relationship's target as a part name: relative to xl/, or absolute from the package's root. */
function partName(target: string): string {
  const absolute = target.startsWith('/');
  const path: string[] = [];
  for (const segment of (absolute ? target.slice(1) : `xl/${target}`).split('/')) {
    if (segment === '..') path.pop();
    else if (segment !== '.' && segment !== '') path.push(segment);
  }
  return path.join('/').toLowerCase();
}

type Relationships = { byId: Map<string, string>; styles?: string; sharedStrings?: string };

async function readRelationships(zip: ZipFile, entry: Entry, budget: Budget): Promise<Relationships> {
  const parser = xmlParser();
  const relationships: Relationships = { byId: new Map() };
  parser.on('opentag', (tag) => {
    if (local(tag.name) !== 'Relationship') return;
    const target = attribute(tag, 'Target');
    if (target === undefined || attribute(tag, 'TargetMode') === 'External') return;
    const id = attribute(tag, 'Id');
    const type = attribute(tag, 'Type') ?? '';
    if (id !== undefined) relationships.byId.set(id, partName(target));
    if (type.endsWith('/styles')) relationships.styles = partName(target);
    if (type.endsWith('/sharedStrings')) relationships.sharedStrings = partName(target);
  });
  await readPart(zip, entry, budget, parser);
  return relationships;
}

/** Whether each cell style (cellXfs, by index) formats numbers as dates. */
async function readDateStyles(zip: ZipFile, entry: Entry, budget: Budget): Promise<boolean[]> {
  const parser = xmlParser();
  const codes = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (name === 'numFmt') {
      const code = attribute(tag, 'formatCode');
      if (code !== undefined) codes.set(Number(attribute(tag, 'numFmtId')), code);
    } else if (name === 'cellXfs') inCellXfs = true;
    else if (name === 'xf' && inCellXfs) formats.push(Number(attribute(tag, 'numFmtId') ?? 0));
  });
  parser.on('closetag', (tag) => {
    if (local(tag.name) === 'cellXfs') inCellXfs = false;
  });
  await readPart(zip, entry, budget, parser);
  return formats.map((id) => isDateFormat(id, codes.get(id)));
}

/** OOXML writes the characters XML cannot hold as _xHHHH_ (and a literal `_x` as _x005F_x). */
const unescapeText = (text: string) =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text;

async function readSharedStrings(zip: ZipFile, entry: Entry, budget: Budget): Promise<string[]> {
  const parser = xmlParser();
  const strings: string[] = [];
  let text = '';
  let inText = false;
  let phonetic = 0;
  let chars = 0;
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (name === 'si') text = '';
    else if (name === 't') inText = phonetic === 0;
    else if (name === 'rPh') phonetic++;
  });
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    if (name === 't') inText = false;
    else if (name === 'rPh') phonetic--;
    else if (name === 'si') strings.push(unescapeText(text));
  });
  const onText = (value: string) => {
    if (!inText) return;
    chars += value.length;
    if (chars > MAX_SHARED_CHARS) throw new TableError(TOO_BIG);
    text += value;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  await readPart(zip, entry, budget, parser);
  return strings;
}

/** A cell reference's column (`B2` → 1), or -1 when it has no letters. */
function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i) | 0x20;
    if (code < 0x61 || code > 0x7a) break;
    column = column * 26 + code - 0x60;
  }
  return column - 1;
}

/** Excel's day number of 1970-01-01; the 1904 date system counts 1,462 days fewer. */
const UNIX_EPOCH_DAYS = 25569;
const DAYS_1904 = 1462;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?)?/;

/** A `t="d"` cell's ISO text as a day number, its wall-clock time taken as written. */
function isoDay(text: string): ReadCell {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return text || null;
  const [, year, month, day, hours, minutes, seconds] = match;
  const ms = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hours ?? 0),
    Number(minutes ?? 0),
    0,
  );
  return { excelDate: (ms + Number(seconds ?? 0) * 1000) / 86_400_000 + UNIX_EPOCH_DAYS };
}

/** Where the text being read goes: a cell's value, its formula, its inline string's text, or nowhere. */
const Into = { Nothing: 0, Value: 1, Formula: 2, Text: 3 } as const;

type SheetContext = {
  strings: readonly string[];
  dateStyles: readonly boolean[];
  date1904: boolean;
  limits: TableLimits;
};

/** The sheet's non-empty rows, parsed chunk by chunk and handed out as each chunk's rows close. */
async function* readSheet(stream: Readable, budget: Budget, context: SheetContext): AsyncGenerator<ReadRow> {
  const { strings, dateStyles, date1904, limits } = context;
  const parser = xmlParser();
  const queue: ReadRow[] = [];
  const count = rowCounter(limits);
  let rows = 0;
  let row = 0;
  let cells: ReadCell[] = [];
  let next = 0;
  let column = 0;
  let type = 'n';
  let style = 0;
  let value = '';
  let formula = '';
  let inline = '';
  let hasValue = false;
  let hasFormula = false;
  let inInline = false;
  let phonetic = 0;
  let into: number = Into.Nothing;

  const cellValue = (): ReadCell => {
    if (hasFormula && !hasValue && type !== 'inlineStr') return { formulaWithoutValue: formula };
    switch (type) {
      case 's':
        return strings[Number(value)] || null;
      case 'str':
      case 'e':
        return value || null;
      case 'inlineStr':
        return unescapeText(inline) || null;
      case 'b':
        return hasValue ? (value.trim() === '1' || value.trim() === 'true' ? 'TRUE' : 'FALSE') : null;
      case 'd':
        return isoDay(value);
      default: {
        if (value.trim() === '') return null;
        const number = Number(value);
        if (!Number.isFinite(number)) return value;
        return dateStyles[style] ? { excelDate: date1904 ? number + DAYS_1904 : number } : number;
      }
    }
  };

  parser.on('opentag', (tag) => {
    switch (local(tag.name)) {
      case 'row': {
        const r = tag.attributes.r;
        row = r ? Number(r) : row + 1;
        cells = [];
        next = 0;
        break;
      }
      case 'c': {
        const ref = tag.attributes.r;
        const at = ref ? columnOf(ref) : -1;
        column = at >= 0 ? at : next;
        type = tag.attributes.t || 'n';
        style = Number(tag.attributes.s ?? 0);
        value = formula = inline = '';
        hasValue = hasFormula = false;
        break;
      }
      case 'v':
        into = Into.Value;
        hasValue = true;
        break;
      case 'f':
        into = Into.Formula;
        hasFormula = true;
        break;
      case 'is':
        inInline = true;
        break;
      case 't':
        if (inInline && phonetic === 0) into = Into.Text;
        break;
      case 'rPh':
        phonetic++;
        break;
    }
  });
  parser.on('closetag', (tag) => {
    switch (local(tag.name)) {
      case 'v':
      case 'f':
      case 't':
        into = Into.Nothing;
        break;
      case 'is':
        inInline = false;
        break;
      case 'rPh':
        phonetic--;
        break;
      case 'c': {
        const cell = cellValue();
        // An empty cell far to the right (a formatted range) is no column; a value there is.
        if (cell !== null) {
          if (column >= limits.maxColumns) throw tooWide(column + 1, limits);
          while (cells.length < column) cells.push(null);
          cells[column] = cell;
        }
        next = column + 1;
        break;
      }
      case 'row':
        if (cells.length > 0) {
          rows = count();
          queue.push({ row, cells });
        }
        break;
    }
  });
  const onText = (text: string) => {
    if (into === Into.Value) value += text;
    else if (into === Into.Formula) formula += text;
    else if (into === Into.Text) inline += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  for await (const _ of feed(stream, parser, budget)) {
    for (const ready of queue) yield ready;
    queue.length = 0;
  }
  if (rows === 0) throw new TableError(EMPTY);
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const FIRST_SHEET = 'xl/worksheets/sheet1.xml';

async function* readXlsx(bytes: Buffer, limits: TableLimits): AsyncGenerator<ReadRow> {
  const zip = await openZip(bytes);
  try {
    const entries = await entriesOf(zip);
    const budget: Budget = { declared: 0, inflated: 0 };
    const workbookEntry = entries.get(WORKBOOK);
    const relsEntry = entries.get(WORKBOOK_RELS);
    const workbook = workbookEntry
      ? await readWorkbook(zip, workbookEntry, budget)
      : { sheetId: undefined, date1904: false };
    const rels: Relationships = relsEntry
      ? await readRelationships(zip, relsEntry, budget)
      : { byId: new Map() };
    const sheetPath = workbook.sheetId === undefined ? undefined : rels.byId.get(workbook.sheetId);
    const sheet = (sheetPath === undefined ? undefined : entries.get(sheetPath)) ?? entries.get(FIRST_SHEET);
    if (!sheet) throw new TableError(NOT_XLSX);
    const stylesEntry = entries.get(rels.styles ?? 'xl/styles.xml');
    const stringsEntry = entries.get(rels.sharedStrings ?? 'xl/sharedstrings.xml');
    const dateStyles = stylesEntry ? await readDateStyles(zip, stylesEntry, budget) : [];
    const strings = stringsEntry ? await readSharedStrings(zip, stringsEntry, budget) : [];
    const stream = await openPart(zip, sheet, budget);
    yield* readSheet(stream, budget, { strings, dateStyles, date1904: workbook.date1904, limits });
  } finally {
    zip.close();
  }
}
