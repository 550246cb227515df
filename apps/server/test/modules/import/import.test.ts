import { CHANNEL_ROLE, importContentTypes } from '@addesk/contract';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentFiles } from '../../../src/modules/import/import.recent-files.js';
import { callerOf, countRows } from '../../helpers/team.js';
import { callWith, createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';
import { sessionAs } from '../../helpers/users.js';

// Importing past deals from a spreadsheet (issue 37), through the API on the run's database: files as Google Sheets
// and Excel save them, the guess of the columns, the rows' Russian reasons, commit, a second import, undo, our own
// export brought into another team, and who may see and do what.

type Who = { cookie: string };
type Preview = {
  total: number;
  valid: number;
  invalid: number;
  duplicate: number;
  rows: {
    row: number;
    ok: boolean;
    duplicate: boolean;
    errors: string[];
    deal: Record<string, unknown> | null;
  }[];
  nextCursor: string | null;
};

const BOM = '\uFEFF';
/** Windows-1251 bytes of a text of Russian letters, digits and ASCII (what Russian Excel saves as CSV). */
function cp1251(text: string) {
  return Buffer.from(
    [...text].map((c) => {
      if (c === 'Ё') return 0xa8;
      if (c === 'ё') return 0xb8;
      const code = c.charCodeAt(0);
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (code > 0x7f) throw new Error(`no cp1251 byte for ${c}`);
      return code;
    }),
  );
}

describe('importing deals from a file', () => {
  let app: FastifyInstance;
  let owner: Who;
  let other: Who;
  let teamId: number;

  const call = (method: string, url: string, payload?: object, who: Who = owner) =>
    callWith(app, who, method, url, payload);
  const upload = (body: Buffer | string, type: string, query = 'kind=sale&name=file.csv', who: Who = owner) =>
    app.inject({
      method: 'POST',
      url: `/api/import?${query}`,
      headers: { ...who, ...sameOrigin, 'content-type': type },
      payload: body,
    });
  const uploaded = async (body: Buffer | string, type: string, query?: string, who?: Who) => {
    const answer = await upload(body, type, query, who);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as {
      id: number;
      columns: { name: string; samples: string[] }[];
      mapping: Record<string, number | null>;
      total: number;
    };
  };
  /**
   * The check under a mapping, twice: from the stored file (as another server process reads it, or this one before it
   * kept the rows), then from the rows this process kept as it read the file through. Both answer the same.
   */
  const map = async (id: number, mapping: object, query = '', who: Who = owner) => {
    const check = async () => {
      const answer = await call('PUT', `/api/import/${id}${query}`, { mapping }, who);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as Preview;
    };
    const { teamId } = await callerOf(app, who);
    recentFiles.drop(app.db, teamId, id);
    const fromFile = await check();
    expect(recentFiles.get(app.db, teamId, id)).toBeDefined();
    expect(await check()).toEqual(fromFile);
    return fromFile;
  };
  const commit = async (id: number, who: Who = owner) => {
    const answer = await call('POST', `/api/import/${id}/commit`, undefined, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { created: number; skipped: number };
  };
  const summary = async (kind: 'sale' | 'purchase', who: Who = owner) =>
    (await call('GET', `/api/${kind}/summary`, undefined, who)).json() as {
      count: number;
      total: number;
      paid: number;
    };

  beforeAll(async () => {
    app = await createTestApp();
    owner = await signInDemo(app, 'import');
    other = await signInDemo(app, 'import-other');
    teamId = (await callerOf(app, owner)).teamId;
  });
  afterAll(() => app.close());

  // Google Sheets' CSV: UTF-8 with a BOM here, `;`, Russian headers, the demo team's channels by name and @username.
  const sheet = [
    'Дата;Время;Канал;Рекламодатель;Контакт;Цена;Оплачено;Статус;Формат;Менеджер',
    '01.03.2025;18:00;Бизнес и деньги;Маркетинг (@marketing_ru);@olga_ads;12 500;12 500;;Пост 1/24;Мария Ковалёва',
    '02.03.25;9.30;@travel_russia_go;ИП Иванов;;8 000,50 ₽;3 000;Согласовано;Репост;',
    '2025-03-03;;БИЗНЕС И ДЕНЬГИ;ИП Иванов;;5000;нет;отменена;;',
    '04.03.2025;10:00;Нет такого;ИП Иванов;;12 5ОО;;;;',
    '31.02.2025;10:00;Бизнес и деньги;;;1000;2000;В работе;Баннер;Пётр Неизвестный',
    ';;;;;;;;;',
    ';;Итого;;;25 500,50;;;;',
  ].join('\r\n');

  it('reads a Google Sheets CSV: guesses the columns, shows each row as its deal or its Russian reasons', async () => {
    const draft = await uploaded(BOM + sheet, 'text/csv', 'kind=sale&name=Продажи%202025.csv');
    expect(draft).toMatchObject({ name: 'Продажи 2025.csv', state: 'draft', total: 6 });
    expect(draft.columns[5]).toEqual({ index: 5, name: 'Цена', samples: ['12 500', '8 000,50 ₽', '5000'] });
    expect(draft.mapping).toMatchObject({
      dealDate: 0,
      time: 1,
      channel: 2,
      counterpart: 3,
      contact: 4,
      price: 5,
      paid: 6,
      status: 7,
      format: 8,
      employee: 9,
    });

    const preview = await map(draft.id, draft.mapping);
    // The total line is no row; the empty one is skipped.
    expect(preview).toMatchObject({ total: 5, valid: 3, invalid: 2, duplicate: 0, nextCursor: null });
    const [first, second, third, fourth, fifth] = preview.rows;
    expect(first).toMatchObject({
      row: 2,
      ok: true,
      deal: {
        dealDate: '2025-03-01',
        placementAt: '2025-03-01T18:00:00+03:00',
        channel: 'Бизнес и деньги',
        counterpart: 'Маркетинг',
        contact: '@olga_ads',
        price: 12500,
        paid: 12500,
        paidAt: '2025-03-01',
        // Paid in full without a status: 'Оплачена', as a full payment moves a deal.
        status: 'Оплачена',
        format: 'Пост',
        employee: 'Мария Ковалёва',
      },
    });
    expect(second?.deal).toMatchObject({
      dealDate: '2025-03-02',
      placementAt: '2025-03-02T09:30:00+03:00',
      channel: 'Путешествия по России',
      price: 8000.5,
      paid: 3000,
      status: 'Согласована',
      format: 'Репост',
      employee: null,
    });
    // No time: midday in the team's zone.
    expect(third?.deal).toMatchObject({
      placementAt: '2025-03-03T12:00:00+03:00',
      status: 'Отменена',
      paid: 0,
    });
    expect(fourth).toMatchObject({
      row: 5,
      ok: false,
      deal: null,
      errors: ['Наш канал: «Нет такого» — нет такого канала в команде', 'Стоимость: «12 5ОО» — не число'],
    });
    expect(fifth?.errors).toEqual([
      'Дата продажи: «31.02.2025» — нет такой даты',
      'Менеджер: «Пётр Неизвестный» — нет такого человека в команде',
      'Оплачено: «2000» — больше стоимости',
      expect.stringMatching(/^Статус: «В работе» — такого статуса нет \(есть: Новая, Согласована/),
      expect.stringMatching(/^Формат: «Баннер» — такого формата нет/),
    ]);

    const invalid = await map(draft.id, draft.mapping, '?only=invalid&limit=1');
    expect(invalid.rows.map((row) => row.row)).toEqual([5]);
    const next = await call(
      'GET',
      `/api/import/${draft.id}/rows?only=invalid&limit=1&cursor=${invalid.nextCursor}`,
    );
    expect(next.json().rows.map((row: { row: number }) => row.row)).toEqual([6]);
  });

  it('imports the valid rows with their payments, skips the rest, and a second import of the file makes nothing', async () => {
    const before = await summary('sale');
    const draft = await uploaded(BOM + sheet, 'text/csv');
    await map(draft.id, draft.mapping);
    expect(await commit(draft.id)).toEqual({ created: 3, skipped: 2 });
    // Committed again: the same answer, nothing more.
    expect(await commit(draft.id)).toEqual({ created: 3, skipped: 2 });
    const after = await summary('sale');
    expect(after.count - before.count).toBe(3);
    expect(Math.round((after.total - before.total) * 100)).toBe(Math.round((12500 + 8000.5) * 100));
    expect(Math.round((after.paid - before.paid) * 100)).toBe(Math.round((12500 + 3000) * 100));
    const got = (await call('GET', `/api/import/${draft.id}`)).json();
    expect(got).toMatchObject({ state: 'done', created: 3, skipped: 2, author: expect.any(String) });
    expect(Date.parse(got.undoableUntil) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const found = (await call('GET', '/api/sale/filter?q=marketing_ru')).json().items;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ price: 12500, paidAmount: 12500, status: { name: 'Оплачена' } });
    const history = (await call('GET', `/api/sale/${found[0].id}/history`)).json().items;
    expect(history.map((event: { action: string }) => event.action)).toEqual(['import']);
    const payments = (await call('GET', `/api/sale/${found[0].id}/payments`)).json();
    expect(payments).toMatchObject([{ amount: 12500, paidAt: '2025-03-01' }]);

    const again = await uploaded(sheet, 'text/csv');
    expect(await map(again.id, again.mapping)).toMatchObject({ valid: 0, duplicate: 3, invalid: 2 });
    expect(await commit(again.id)).toEqual({ created: 0, skipped: 5 });
    expect((await summary('sale')).count).toBe(after.count);

    // Undo: exactly its deals, into the bin; their rows may come in again.
    const undone = await call('DELETE', `/api/import/${draft.id}`);
    expect(undone.json()).toEqual({ removed: 3 });
    expect((await summary('sale')).count).toBe(before.count);
    const bin = (await call('GET', '/api/sale/deleted')).json().items as { id: number }[];
    expect(bin.map((deal) => deal.id)).toContain(found[0].id);
    expect((await call('DELETE', `/api/import/${draft.id}`)).json()).toEqual({ removed: 0 });
    expect((await call('GET', `/api/import/${draft.id}`)).json()).toMatchObject({
      state: 'undone',
      undoableUntil: null,
    });
    const third = await uploaded(sheet, 'text/csv');
    await map(third.id, third.mapping);
    expect(await commit(third.id)).toEqual({ created: 3, skipped: 2 });
    expect((await call('DELETE', `/api/import/${third.id}`)).json()).toEqual({ removed: 3 });

    const list = (await call('GET', '/api/import?kind=sale')).json();
    expect(list.items.map((item: { id: number; state: string }) => [item.id, item.state])).toEqual(
      expect.arrayContaining([
        [third.id, 'undone'],
        [again.id, 'done'],
        [draft.id, 'undone'],
      ]),
    );
  });

  it('makes each row once when two imports of one file commit at the same time (PostgreSQL too)', async () => {
    const file = [
      'Дата;Канал;Рекламодатель;Цена',
      ...Array.from(
        { length: 1200 },
        (_, i) => `0${1 + (i % 9)}.07.2025;Бизнес и деньги;Гонка ${i};${1000 + i}`,
      ),
    ].join('\n');
    const before = (await summary('sale')).count;
    const first = await uploaded(file, 'text/csv');
    const second = await uploaded(file, 'text/csv');
    await map(first.id, first.mapping);
    await map(second.id, second.mapping);
    const [a, b] = await Promise.all([commit(first.id), commit(second.id)]);
    expect((a?.created ?? 0) + (b?.created ?? 0)).toBe(1200);
    expect((a?.skipped ?? 0) + (b?.skipped ?? 0)).toBe(1200);
    expect((await summary('sale')).count - before).toBe(1200);
    // Both undone: exactly the 1 200 deals, whichever made them.
    const removed = [
      (await call('DELETE', `/api/import/${first.id}`)).json().removed,
      (await call('DELETE', `/api/import/${second.id}`)).json().removed,
    ];
    expect(removed[0] + removed[1]).toBe(1200);
    expect((await summary('sale')).count).toBe(before);
  });

  it('reads a Windows-1251 CSV with commas, and an XLSX with Excel dates, a money format and formulas', async () => {
    const windows = cp1251(
      [
        'Дата закупки,Наш канал,Продавец,Стоимость,Статус',
        '05.04.2025,Бизнес и деньги,Канал Ёлки,"7 000,00",Опубликована',
      ].join('\r\n'),
    );
    const purchase = await uploaded(windows, 'text/csv', 'kind=purchase');
    expect(purchase.columns.map((column) => column.name)).toEqual([
      'Дата закупки',
      'Наш канал',
      'Продавец',
      'Стоимость',
      'Статус',
    ]);
    expect((await map(purchase.id, purchase.mapping)).rows[0]).toMatchObject({
      ok: true,
      deal: { dealDate: '2025-04-05', counterpart: 'Канал Ёлки', price: 7000, status: 'Опубликована' },
    });

    const book = new ExcelJS.Workbook();
    const sheet1 = book.addWorksheet('Продажи');
    sheet1.addRow(['Дата продажи', 'Размещение', 'Наш канал', 'Цена', 'Оплачено']);
    const placed = new Date(Date.UTC(2025, 4, 6, 15, 30));
    sheet1.addRow([
      new Date(Date.UTC(2025, 4, 5)),
      placed,
      'Бизнес и деньги',
      9000,
      { formula: 'D2/2', result: 4500 },
    ]);
    sheet1.addRow([new Date(Date.UTC(2025, 4, 7)), placed, 'Бизнес и деньги', 9000, { formula: 'D3/2' }]);
    sheet1.getColumn(2).numFmt = 'dd.mm.yyyy hh:mm';
    sheet1.getColumn(4).numFmt = '# ##0,00 ₽';
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const draft = await uploaded(xlsx, importContentTypes.xlsx, 'kind=sale&name=book.xlsx');
    expect(draft.mapping).toMatchObject({ dealDate: 0, placement: 1, channel: 2, price: 3, paid: 4 });
    const preview = await map(draft.id, draft.mapping);
    expect(preview.rows[0]).toMatchObject({
      ok: true,
      deal: { dealDate: '2025-05-05', placementAt: '2025-05-06T15:30:00+03:00', price: 9000, paid: 4500 },
    });
    // A further page reads the file only until it is full (here the XLSX reader is stopped half way).
    const first = (await call('PUT', `/api/import/${draft.id}?limit=1`, { mapping: draft.mapping })).json();
    const second = await call('GET', `/api/import/${draft.id}/rows?limit=1&cursor=${first.nextCursor}`);
    expect(second.json()).toMatchObject({ total: 2, valid: 1, invalid: 1, rows: [{ row: 3, ok: false }] });
    expect(preview.rows[1]?.errors).toEqual([
      'Оплачено: «=D3/2» — формула без сохранённого значения: откройте файл в Excel и сохраните его',
    ]);
  });

  it('brings our own export (CSV and XLSX) into another team with the same deals, sums and dates', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      for (const kind of ['sale', 'purchase'] as const) {
        const exported = await app.inject({ url: `/api/${kind}/export?format=${format}`, headers: owner });
        expect(exported.statusCode).toBe(200);
        const source = await summary(kind);
        const before = await summary(kind, other);
        const type = format === 'csv' ? 'text/csv' : importContentTypes.xlsx;
        const draft = await uploaded(exported.rawPayload, type, `kind=${kind}`, other);
        const preview = await map(draft.id, draft.mapping, '?limit=200', other);
        expect(
          preview,
          `${kind} ${format}: ${JSON.stringify(preview.rows.find((row) => !row.ok))}`,
        ).toMatchObject({
          total: source.count,
          valid: source.count,
        });
        // The same days, placements and prices as the deals exported, every one of them.
        const exportedDeals = (
          (await call('GET', `/api/${kind}/filter?limit=200`)).json().items as Record<string, unknown>[]
        ).map((deal) => [
          deal.saleDate ?? deal.purchaseDate,
          Date.parse((deal.accommodationCondition as { accommodationTime: string }).accommodationTime),
          deal.price,
        ]);
        const importedDeals = preview.rows.map(({ deal }) => [
          deal?.dealDate,
          Date.parse(String(deal?.placementAt)),
          deal?.price,
        ]);
        const order = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row)).sort();
        expect(order(importedDeals)).toEqual(order(exportedDeals));
        expect(await commit(draft.id, other)).toEqual({ created: source.count, skipped: 0 });
        const after = await summary(kind, other);
        expect(after.count - before.count).toBe(source.count);
        expect(Math.round((after.total - before.total) * 100)).toBe(Math.round(source.total * 100));
        expect(Math.round((after.paid - before.paid) * 100)).toBe(Math.round(source.paid * 100));
        expect((await call('DELETE', `/api/import/${draft.id}`, undefined, other)).json()).toEqual({
          removed: source.count,
        });
      }
    }
  });

  it('refuses bad files and a mapping without its required columns in Russian, writing nothing', async () => {
    const refusals: [Buffer | string, string, string][] = [
      [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
        'application/octet-stream',
        'Это не CSV и не XLSX',
      ],
      ['', 'text/csv', 'Файл пуст'],
      ['Дата;Канал;Цена\r\n', 'text/csv', 'В файле только строка заголовков'],
      [`${','.repeat(100_000)}\r\n1,2\r\n`, 'text/csv', 'Слишком много колонок'],
      [
        Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]),
        importContentTypes.xlsx,
        'Файл повреждён',
      ],
    ];
    const before = await countRows(app, 'deal_imports', teamId);
    for (const [body, type, message] of refusals) {
      const answer = await upload(body, type);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message, String(body).slice(0, 20)).toContain(message);
    }
    const large = await upload(Buffer.alloc(20 * 1024 * 1024 + 1, 0x41), 'text/csv');
    expect(large.statusCode).toBe(413);
    expect(large.json().code).toBe('VALIDATION_ERROR');
    expect((await upload('a;b\r\n1;2', 'image/png')).statusCode).toBe(415);
    expect(await countRows(app, 'deal_imports', teamId)).toBe(before);

    const draft = await uploaded(sheet, 'text/csv');
    const missing = await call('PUT', `/api/import/${draft.id}`, {
      mapping: { ...draft.mapping, price: null, dealDate: null },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({
      'mapping.price': ['Выберите колонку «Стоимость»'],
      'mapping.dealDate': ['Выберите колонку «Дата продажи» или «Размещение»'],
    });
    const beyond = await call('PUT', `/api/import/${draft.id}`, {
      mapping: { ...draft.mapping, status: 42 },
    });
    expect(beyond.json().fieldErrors).toEqual({ 'mapping.status': ['В файле нет такой колонки'] });
    expect((await call('PUT', `/api/import/${draft.id}`, { mapping: { price: 'Цена' } })).statusCode).toBe(
      400,
    );
    expect((await call('DELETE', `/api/import/${draft.id}`)).json()).toEqual({ removed: 0 });
    expect((await call('GET', `/api/import/${draft.id}`)).statusCode).toBe(404);
  });

  it("answers another team's import and another person's as missing, and checks each row as the person's own deal", async () => {
    const draft = await uploaded(sheet, 'text/csv');
    for (const [method, path] of [
      ['GET', ''],
      ['PUT', ''],
      ['GET', '/rows'],
      ['POST', '/commit'],
      ['DELETE', ''],
    ] as const) {
      const answer = await call(
        method,
        `/api/import/${draft.id}${path}`,
        method === 'PUT' ? { mapping: draft.mapping } : undefined,
        other,
      );
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
      expect(answer.json().message).toBe('Импорт не найден');
    }
    const theirs = (await call('GET', '/api/import?kind=sale', undefined, other)).json().items as {
      id: number;
    }[];
    expect(theirs.map((item) => item.id)).not.toContain(draft.id);

    // A sales manager of the first channel: their own import only, rows on other channels or for others refused.
    const channels = (await call('GET', '/api/channel?limit=2')).json().items as {
      id: number;
      name: string;
    }[];
    const created = await call('POST', '/api/employee', { firstName: 'Импорт', secondName: 'Менеджер' });
    const managerId = created.json().id as number;
    await call('POST', `/api/employee/${managerId}/assignOnChannel`, {
      channelId: channels[0]?.id,
      employeeChannelRoleId: CHANNEL_ROLE.sales,
    });
    const manager = await sessionAs(app, teamId, managerId);
    expect((await call('GET', `/api/import/${draft.id}`, undefined, manager)).statusCode).toBe(404);
    const file = [
      'Дата;Канал;Цена;Менеджер',
      `01.06.2025;${channels[0]?.name};1000;`,
      `01.06.2025;${channels[1]?.name};1000;`,
      `01.06.2025;${channels[0]?.name};1000;Мария Ковалёва`,
    ].join('\n');
    const mine = await uploaded(file, 'text/csv', 'kind=sale', manager);
    const preview = await map(mine.id, mine.mapping, '', manager);
    expect(preview.rows.map((row) => row.errors)).toEqual([
      [],
      [`Наш канал: «${channels[1]?.name}» — нет такого канала в команде`],
      ['Менеджер: «Мария Ковалёва» — записать сделку на другого человека может администратор канала'],
    ]);
    expect(await commit(mine.id, manager)).toEqual({ created: 1, skipped: 2 });
    expect(
      (await call('GET', '/api/import?kind=sale', undefined, manager))
        .json()
        .items.map((item: { id: number }) => item.id),
    ).toEqual([mine.id]);
    // The owner sees every import of the team.
    expect((await call('GET', `/api/import/${mine.id}`)).statusCode).toBe(200);
  });
});
