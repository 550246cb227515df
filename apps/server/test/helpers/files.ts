import ExcelJS from 'exceljs';

/** A CSV file as Russian Excel reads it (`;`, quotes doubled inside quoted fields, CRLF), BOM checked and cut. */
export function parseCsv(body: Buffer): string[][] {
  const text = body.toString('utf8');
  if (!text.startsWith('\uFEFF')) throw new Error('no BOM');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) throw new Error('the last line has no CRLF');
  return rows;
}

/** The first sheet of an XLSX file as exceljs reads it: cell values by row, header first. */
export async function parseXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = row.values as ExcelJS.CellValue[];
    rows.push(values.slice(1));
  });
  return { sheet, rows };
}

/** The Russian file name of a Content-Disposition header (its filename* part). */
export const russianName = (disposition: string | undefined) =>
  decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition ?? '')?.[1] ?? '');

/** Where a deal file's rows end: at the empty row before its total ('Итого', then 'Без N отменённых' if any). */
const totalsStart = <T>(file: T[][]) => {
  const end = file.findIndex((row, i) => i > 0 && row.every((cell) => cell === '' || cell == null));
  if (end === -1) throw new Error('a deal file without its total');
  return end;
};

/** A deal file's deals: its rows between the header and the total. */
export const dealRows = <T>(file: T[][]) => file.slice(1, totalsStart(file));

/** A deal file's total rows: 'Итого' and, when it leaves some out, 'Без N отменённых'. */
export const dealTotalRows = <T>(file: T[][]) => file.slice(totalsStart(file) + 1);
