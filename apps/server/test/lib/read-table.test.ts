import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import {
  isDateFormat,
  type ReadRow,
  readTable,
  sniffDelimiter,
  TableError,
  type TableLimits,
  type TableType,
  tableTypeOf,
} from '../../src/lib/files/read-table.js';
import type { Cell, Column } from '../../src/lib/files/table.js';
import { xlsxStream } from '../../src/lib/files/xlsx.js';

const LIMITS: TableLimits = { maxColumns: 30, maxRows: 1000 };

async function readAll(bytes: Buffer, limits = LIMITS, type: TableType = tableTypeOf(bytes)) {
  const rows: ReadRow[] = [];
  for await (const row of readTable(bytes, type, limits)) rows.push(row);
  return rows;
}

/** The TableError's message a reading ends with, or 'no error'. */
async function failureOf(bytes: Buffer, limits = LIMITS) {
  try {
    await readAll(bytes, limits);
  } catch (error) {
    if (error instanceof TableError) return error.message;
    throw error;
  }
  return 'no error';
}

/** Windows-1251 by hand: ASCII, А-я at 0xC0-0xFF, Ё and ё. */
function cp1251(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (char === 'Ё') return 0xa8;
      if (char === 'ё') return 0xb8;
      throw new Error(`not in the test's cp1251: ${char}`);
    }),
  );
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const BOM = '\uFEFF';

describe('tableTypeOf', () => {
  it('tells a zip from a text and refuses a binary', () => {
    expect(tableTypeOf(Buffer.from('PK\x03\x04rest', 'latin1'))).toBe('xlsx');
    expect(tableTypeOf(utf8('a;b\n1;2\n'))).toBe('csv');
    expect(tableTypeOf(cp1251('Клиент,Сумма\n'))).toBe('csv');
    expect(tableTypeOf(Buffer.alloc(0))).toBe('csv');
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    expect(() => tableTypeOf(png)).toThrow(TableError);
    expect(() => tableTypeOf(png)).toThrow(
      'Это не CSV и не XLSX: сохраните таблицу в одном из этих форматов',
    );
  });
});

describe('reading a CSV', () => {
  it('reads UTF-8 with a BOM and `;` as Google Sheets and Russian Excel save it', async () => {
    const rows = await readAll(utf8(`${BOM}Клиент;Сумма;Дата\r\nООО «Ромашка»;1 500,50;15.01.2025\r\n`));
    expect(rows).toEqual([
      { row: 1, cells: ['Клиент', 'Сумма', 'Дата'] },
      { row: 2, cells: ['ООО «Ромашка»', '1 500,50', '15.01.2025'] },
    ]);
  });

  it('reads Windows-1251 with `,`', async () => {
    const bytes = cp1251('Клиент,Канал,Сумма\nЁлка и ёж,Яндекс,100\nЖурнал "Юла",ВКонтакте,200\n');
    const rows = await readAll(bytes);
    expect(rows).toEqual([
      { row: 1, cells: ['Клиент', 'Канал', 'Сумма'] },
      { row: 2, cells: ['Ёлка и ёж', 'Яндекс', '100'] },
      { row: 3, cells: ['Журнал "Юла"', 'ВКонтакте', '200'] },
    ]);
  });

  it('reads tab-separated text', async () => {
    expect(await readAll(utf8('Клиент\tСумма\nА, Б и В\t1;2\n'))).toEqual([
      { row: 1, cells: ['Клиент', 'Сумма'] },
      { row: 2, cells: ['А, Б и В', '1;2'] },
    ]);
  });

  it('reads quoted fields with the delimiter, doubled quotes and a line break, numbering rows by record', async () => {
    const text = 'Клиент;Заметка\r\n"Ромашка; филиал";"Сказал ""да""\r\nи ушёл"\r\nЛютик;просто\r\n';
    expect(await readAll(utf8(text))).toEqual([
      { row: 1, cells: ['Клиент', 'Заметка'] },
      { row: 2, cells: ['Ромашка; филиал', 'Сказал "да"\r\nи ушёл'] },
      { row: 3, cells: ['Лютик', 'просто'] },
    ]);
  });

  it('skips empty and blank lines, keeping the numbers a spreadsheet shows; empty cells are null', async () => {
    const text = '\nКлиент;Сумма;Заметка\n\n;;\nРомашка;;есть\n   \nЛютик;5;\n';
    expect(await readAll(utf8(text))).toEqual([
      { row: 2, cells: ['Клиент', 'Сумма', 'Заметка'] },
      { row: 5, cells: ['Ромашка', null, 'есть'] },
      { row: 7, cells: ['Лютик', '5'] },
    ]);
  });

  it('gives cells as written, spaces and all, and reads a last line without a line end', async () => {
    expect(await readAll(utf8('a; b ;c\n 1;2;3'))).toEqual([
      { row: 1, cells: ['a', ' b ', 'c'] },
      { row: 2, cells: [' 1', '2', '3'] },
    ]);
  });

  it('sniffs the delimiter from the first record, outside quotes; `;` on a tie', () => {
    expect(sniffDelimiter(utf8('a,b;c,d\n'))).toBe(',');
    expect(sniffDelimiter(utf8('"a;b;c",d\n1;2;3;4;5\n'))).toBe(',');
    expect(sniffDelimiter(utf8('a,b;c\n'))).toBe(';');
    expect(sniffDelimiter(utf8('\n\na\tb\tc,d\n'))).toBe('\t');
    expect(sniffDelimiter(utf8('Клиент\n'))).toBe(';');
  });

  it('refuses a record with more columns than allowed, counting them all', async () => {
    const wide = utf8(`Клиент,Сумма\n${','.repeat(100_000)}\n`);
    expect(await failureOf(wide)).toBe('Слишком много колонок: 100001. В таблице сделок их не больше 30');
    expect(await failureOf(utf8('a;b;c\n'), { maxColumns: 2, maxRows: 10 })).toBe(
      'Слишком много колонок: 3. В таблице сделок их не больше 2',
    );
    expect(await readAll(utf8('a;b\n'), { maxColumns: 2, maxRows: 10 })).toHaveLength(1);
  });

  it('counts the columns as the parser reads the quotes: delimiters inside quotes, over lines, are text', async () => {
    const limits = { maxColumns: 2, maxRows: 10 };
    const text = 'a;"b;c;d\r\n;e;f"\r\n5" экран;"x"";y"\nмало;всё\rконец\n';
    expect(await readAll(utf8(text), limits)).toEqual([
      { row: 1, cells: ['a', 'b;c;d\r\n;e;f'] },
      { row: 2, cells: ['5" экран', 'x";y'] },
      { row: 3, cells: ['мало', 'всё'] },
      { row: 4, cells: ['конец'] },
    ]);
    expect(await failureOf(utf8('a;"b;c"\n"1;2";3;4\n'), limits)).toBe(
      'Слишком много колонок: 3. В таблице сделок их не больше 2',
    );
  });

  it('refuses more data rows than allowed, the header aside', async () => {
    const text = (rows: number) =>
      `Клиент\n${Array.from({ length: rows }, (_, i) => `Клиент ${i}`).join('\n')}\n`;
    expect(await readAll(utf8(text(3)), { maxColumns: 5, maxRows: 3 })).toHaveLength(4);
    expect(await failureOf(utf8(text(4)), { maxColumns: 5, maxRows: 3 })).toBe(
      'Слишком много строк: больше 3. Разделите файл на части',
    );
  });

  it('says where a quote is left open', async () => {
    expect(await failureOf(utf8('Клиент;Заметка\nРомашка;"без конца\nЛютик;5\n'))).toMatch(
      /^В CSV не закрыта кавычка, строка \d+: проверьте, что у каждой открывающей кавычки есть закрывающая$/,
    );
  });

  it('says an empty or blank file is empty', async () => {
    expect(await failureOf(Buffer.alloc(0))).toBe('Файл пуст');
    expect(await failureOf(utf8(`${BOM}  \r\n\t\r\n;;\n`))).toBe('Файл пуст');
  });

  it('yields rows as it reads: stopping early leaves the rest unread', async () => {
    const text = `Клиент\n${'Ромашка\n'.repeat(200_000)}`;
    const rows = readTable(utf8(text), 'csv', { maxColumns: 5, maxRows: 10 });
    const first = await rows.next();
    expect(first.value).toEqual({ row: 1, cells: ['Клиент'] });
    await rows.return(undefined);
  });
});

describe('isDateFormat', () => {
  it('knows the built-in date and time formats', () => {
    for (const id of [14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 36, 45, 46, 47, 50, 58])
      expect(isDateFormat(id)).toBe(true);
    for (const id of [0, 1, 2, 3, 4, 9, 10, 11, 12, 13, 23, 37, 44, 48, 49, 59])
      expect(isDateFormat(id)).toBe(false);
  });

  it('finds a day, month, year, hour or second outside quotes, brackets and escapes', () => {
    for (const code of [
      'dd.mm.yyyy',
      'DD.MM.YYYY',
      'dd.mm.yyyy hh:mm',
      'mmm yy',
      'h:mm AM/PM',
      '[$-419]d mmmm yyyy',
      '[$-F800]dddd\\,\\ mmmm\\ dd\\,\\ yyyy',
      '[h]:mm:ss',
      '[mm]:ss',
      'yyyy-mm-dd;@',
      '[Red]dd.mm.yyyy',
    ])
      expect(isDateFormat(164, code), code).toBe(true);
    for (const code of [
      'General',
      '0.00',
      '# ##0,00 ₽',
      '#,##0 "руб."',
      '#,##0.00\\ "₽"',
      '[$-419]#,##0.00',
      '#,##0.00;[Red]-#,##0.00',
      '0.00 "days" "hours"',
      '0\\d',
      '0_m',
      '0*s',
      '0.00E+00',
      '[<=9999999]###-####;(###) ###-####',
      '[$RUB] # ##0',
      '@',
    ])
      expect(isDateFormat(164, code), code).toBe(false);
  });

  it('takes a custom code over the built-in meaning of its id', () => {
    expect(isDateFormat(14, '0.00')).toBe(false);
    expect(isDateFormat(2, 'dd.mm.yyyy')).toBe(true);
  });
});

/** Excel's day number of a UTC date and time. */
const serial = (iso: string) => Date.parse(iso) / 86_400_000 + 25569;

async function excelFile(build: (workbook: ExcelJS.Workbook) => void) {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('reading an XLSX', () => {
  it('reads what exceljs writes: text, numbers, dates, money, formulas, rich text, booleans and errors', async () => {
    const bytes = await excelFile((workbook) => {
      const sheet = workbook.addWorksheet('Сделки');
      sheet.addRow(['Клиент', 'Сумма', 'Двойная', 'Дата', 'Оплата', 'Цена']);
      sheet.getCell('A2').value = 'ООО «Ромашка»';
      sheet.getCell('B2').value = 5;
      sheet.getCell('C2').value = { formula: 'B2*2', result: 10 };
      sheet.getCell('D2').value = new Date(Date.UTC(2025, 0, 15));
      sheet.getCell('E2').value = new Date(Date.UTC(2025, 1, 3, 12, 30));
      sheet.getCell('E2').numFmt = 'dd.mm.yyyy';
      sheet.getCell('F2').value = 1500.5;
      sheet.getCell('F2').numFmt = '# ##0,00 ₽';
      sheet.getCell('A3').value = {
        richText: [{ text: 'Жирный ', font: { bold: true } }, { text: 'и обычный' }],
      };
      sheet.getCell('B3').value = 7;
      sheet.getCell('C3').value = { formula: 'B3*2' } as ExcelJS.CellFormulaValue;
      sheet.getCell('D3').value = true;
      sheet.getCell('E3').value = false;
      sheet.getCell('F3').value = { error: '#DIV/0!' };
      // Empty cells between keep the columns where they are.
      sheet.getCell('A5').value = 'слева';
      sheet.getCell('F5').value = -0.25;
      workbook.addWorksheet('Другой').addRow(['не этот лист']);
    });
    expect(tableTypeOf(bytes)).toBe('xlsx');
    expect(await readAll(bytes)).toEqual([
      { row: 1, cells: ['Клиент', 'Сумма', 'Двойная', 'Дата', 'Оплата', 'Цена'] },
      {
        row: 2,
        cells: [
          'ООО «Ромашка»',
          5,
          10,
          { excelDate: serial('2025-01-15T00:00:00Z') },
          { excelDate: serial('2025-02-03T12:30:00Z') },
          1500.5,
        ],
      },
      { row: 3, cells: ['Жирный и обычный', 7, { formulaWithoutValue: 'B3*2' }, 'TRUE', 'FALSE', '#DIV/0!'] },
      { row: 5, cells: ['слева', null, null, null, null, -0.25] },
    ]);
  });

  it('reads the first sheet of two', async () => {
    const bytes = await excelFile((workbook) => {
      workbook.addWorksheet('Первый').addRow(['первый']);
      workbook.addWorksheet('Второй').addRow(['второй']);
    });
    expect(await readAll(bytes)).toEqual([{ row: 1, cells: ['первый'] }]);
  });

  it('reads back what the export writes: text, money, dates and date-times', async () => {
    const columns: Column[] = [
      { header: 'Клиент', type: 'text', width: 20 },
      { header: 'Сумма', type: 'money', width: 12 },
      { header: 'Дата', type: 'date', width: 12 },
      { header: 'Создана', type: 'datetime', width: 16 },
    ];
    const batch: Cell[][] = [
      ['Ромашка & Co <b>', 1500.5, '2025-01-15', '2025-01-15T09:45'],
      ['Лютик', 0, null, '2024-12-31T23:59'],
    ];
    async function* batches() {
      yield batch;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of xlsxStream({ columns, batches: batches() }, 'Сделки'))
      chunks.push(chunk as Buffer);
    expect(await readAll(Buffer.concat(chunks))).toEqual([
      { row: 1, cells: ['Клиент', 'Сумма', 'Дата', 'Создана'] },
      {
        row: 2,
        cells: [
          'Ромашка & Co <b>',
          1500.5,
          { excelDate: serial('2025-01-15T00:00:00Z') },
          { excelDate: serial('2025-01-15T09:45:00Z') },
        ],
      },
      { row: 3, cells: ['Лютик', 0, null, { excelDate: serial('2024-12-31T23:59:00Z') }] },
    ]);
  });

  it('refuses a value beyond the columns allowed, as far as XFD', async () => {
    const bytes = await excelFile((workbook) => {
      const sheet = workbook.addWorksheet('Сделки');
      sheet.getCell('A1').value = 'Клиент';
      sheet.getCell('XFD1').value = 'далеко';
    });
    expect(await failureOf(bytes)).toBe('Слишком много колонок: 16384. В таблице сделок их не больше 30');
  });

  it('refuses more data rows than allowed', async () => {
    const bytes = await excelFile((workbook) => {
      const sheet = workbook.addWorksheet('Сделки');
      for (let i = 0; i < 6; i++) sheet.addRow([`Клиент ${i}`]);
    });
    expect(await readAll(bytes, { maxColumns: 5, maxRows: 5 })).toHaveLength(6);
    expect(await failureOf(bytes, { maxColumns: 5, maxRows: 4 })).toBe(
      'Слишком много строк: больше 4. Разделите файл на части',
    );
  });

  it('says a sheet without a value is empty', async () => {
    const bytes = await excelFile((workbook) => {
      workbook.addWorksheet('Пусто');
    });
    expect(await failureOf(bytes)).toBe('Файл пуст');
  });
});

/** A zip of the given parts, each a text or a stream, deflated. */
async function zipOf(parts: Record<string, string | Readable>) {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(parts)) {
    if (typeof content === 'string') zip.addBuffer(Buffer.from(content), name);
    else zip.addReadStream(content, name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `megabytes` of spaces, a megabyte at a time, never all in memory. */
const spaces = (megabytes: number) =>
  Readable.from(
    (function* () {
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i < megabytes; i++) yield chunk;
    })(),
  );

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const workbookXml = `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Лист" sheetId="1" r:id="rId5"/></sheets></workbook>`;
const relsXml = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId5" Type="${REL}/worksheet" Target="/xl/worksheets/deals.xml"/></Relationships>`;
const sheetXml = (rows: string) => `<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

describe('reading a zip that is not a plain XLSX', () => {
  it('finds the sheet by the workbook and an absolute relationship target; reads inline strings and unnumbered rows', async () => {
    const bytes = await zipOf({
      'xl/workbook.xml': workbookXml,
      'xl/_rels/workbook.xml.rels': relsXml,
      'xl/worksheets/deals.xml': sheetXml(
        '<row><c t="inlineStr"><is><r><t>Рома</t></r><r><t xml:space="preserve">шка </t></r><rPh><t>ろ</t></rPh></is></c><c><v>3</v></c></row>' +
          '<row><c r="C2" t="str"><f>A1&amp;"!"</f><v>да_x000D_</v></c><c t="d"><v>2025-03-01T06:00:00</v></c></row>',
      ),
    });
    expect(await readAll(bytes)).toEqual([
      { row: 1, cells: ['Ромашка ', 3] },
      { row: 2, cells: [null, null, 'да_x000D_', { excelDate: serial('2025-03-01T06:00:00Z') }] },
    ]);
  });

  it('reads the first visible sheet, and dates of the 1904 date system as days since 1899-12-30', async () => {
    const workbook = `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><workbookPr date1904="1"/><sheets>
<sheet name="Скрытый" sheetId="1" state="hidden" r:id="rId1"/><sheet name="Сделки" sheetId="2" r:id="rId2"/></sheets></workbook>`;
    const rels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>
<Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/>
<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;
    const styles = `<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="170" formatCode="dd/mm/yyyy hh:mm"/></numFmts>
<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="170"/></cellXfs></styleSheet>`;
    const bytes = await zipOf({
      'xl/workbook.xml': workbook,
      'xl/_rels/workbook.xml.rels': rels,
      'xl/styles.xml': styles,
      'xl/worksheets/sheet1.xml': sheetXml(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>скрытый</t></is></c></row>',
      ),
      'xl/worksheets/sheet2.xml': sheetXml(
        '<row r="3"><c r="B3" s="1"><v>0.5</v></c><c r="C3" s="0"><v>0.5</v></c></row>',
      ),
    });
    expect(await readAll(bytes)).toEqual([{ row: 3, cells: [null, { excelDate: 1462.5 }, 0.5] }]);
  });

  it('refuses a zip without a sheet, and a broken zip', async () => {
    expect(await failureOf(await zipOf({ 'word/document.xml': '<document/>' }))).toBe(
      'Это не XLSX: в архиве нет листа таблицы',
    );
    const broken = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(2000, 0x5a)]);
    expect(tableTypeOf(broken)).toBe('xlsx');
    expect(await failureOf(broken)).toBe('Файл повреждён: не удалось открыть XLSX');
  });

  it('refuses a zip bomb by its declared size before inflating it', async () => {
    const bomb = await zipOf({
      'xl/workbook.xml': workbookXml,
      'xl/_rels/workbook.xml.rels': relsXml,
      'xl/worksheets/deals.xml': spaces(300),
    });
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    expect(await failureOf(bomb)).toBe('Файл повреждён или слишком велик в распакованном виде');
    console.info(
      `zip bomb: ${(bomb.length / 1024).toFixed(0)} KB packed, 300 MB declared, refused in ${(performance.now() - started).toFixed(1)} ms, rss +${((process.memoryUsage().rss - rss) / 1048576).toFixed(1)} MB`,
    );
  });

  it('refuses a part packed more than 200 times', async () => {
    const bomb = await zipOf({ 'xl/worksheets/sheet1.xml': spaces(20) });
    expect(await failureOf(bomb)).toBe('Файл повреждён или слишком велик в распакованном виде');
  });

  it('refuses a part whose header lies about its size, counting the real bytes', async () => {
    const bytes = await zipOf({ 'xl/worksheets/sheet1.xml': spaces(5) });
    // The central directory's uncompressed size of the only entry (offset 24 of its record) said to be 1,000 bytes.
    const directory = bytes.lastIndexOf(Buffer.from('PK\x01\x02', 'latin1'));
    bytes.writeUInt32LE(1000, directory + 24);
    expect(await failureOf(bytes)).toBe('Файл повреждён или слишком велик в распакованном виде');
  });
});
