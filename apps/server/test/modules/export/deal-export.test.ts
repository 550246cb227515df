import { type DealKind, dealVocabulary, paymentStateNames } from '@addesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealRows, dealTotalRows, parseCsv, parseXlsx, russianName } from '../../helpers/files.js';
import { callerOf } from '../../helpers/team.js';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

type Headers = { cookie: string };
type Item = {
  id: number;
  statusId: number;
  price: number;
  paidAmount: number;
  paymentState: keyof typeof paymentStateNames;
  paymentDueDate: string | null;
  accommodationCondition: { accommodationTime: string };
  channelInfo: { name: string };
  status: { name: string };
  contactPerson: { name: string } | null;
  advertisementFormat: { name: string } | null;
  postLink: string | null;
  cpm: number | null;
  [field: string]: unknown;
};

const ZONE = 'Asia/Novosibirsk';
const wallClock = new Intl.DateTimeFormat('ru-RU', {
  timeZone: ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const russianDay = (day: string) => day.split('-').reverse().join('.');
const csvMoney = (n: number) => n.toFixed(2).replace('.', ',');
/** More deals than four export batches (1,000 each), so the file crosses batch boundaries. */
const BULK = 4100;

describe.each(['sale', 'purchase'] as const)('%s export', (kind: DealKind) => {
  const f = { path: dealVocabulary[kind].path, ...dealVocabulary[kind].names };
  const { words, hasAdvertisementType } = dealVocabulary[kind];
  const base = `/api/${f.path}`;
  const headers = [
    words.dateLabel,
    'Размещение',
    'Наш канал',
    'Канал',
    'Контакт',
    'Статус',
    'Формат',
    ...(hasAdvertisementType ? ['Тип рекламы'] : []),
    'Сотрудник',
    'Стоимость',
    'Оплачено',
    'Осталось',
    'Оплатить до',
    'Оплата',
    'Ссылка на пост',
    'CPM',
  ];
  const col = (name: string) => headers.indexOf(name);
  let app: FastifyInstance;
  let mine: Headers;
  let theirs: Headers;

  const get = (who: Headers, url: string) => app.inject({ url, headers: who });
  const exportOf = async (who: Headers, query: string) => {
    const response = await get(who, `${base}/export?${query}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response;
  };
  /** Every item the list shows with these filters, page after page. */
  const listAll = async (who: Headers, query: string) => {
    const items: Item[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await get(who, `${base}/filter?limit=200&${query}${suffix}`)).json();
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  };
  /** What a list item looks like in the CSV's columns the test compares. */
  /** A name as the CSV writes it: one that a spreadsheet would run as a formula starts with an apostrophe. */
  const named = (value: unknown) => {
    const name = (value as { name: string } | null)?.name ?? '';
    return /^[=+\-@\t\r]/.test(name) ? `'${name}` : name;
  };
  const employeeOf = (value: unknown) => {
    const employee = value as { firstName: string; secondName: string } | null;
    return employee ? `${employee.firstName} ${employee.secondName}`.trim() : '';
  };
  const expectedLine = (item: Item) => [
    russianDay(item[f.date] as string),
    wallClock.format(new Date(item.accommodationCondition.accommodationTime)).replace(', ', ' '),
    item.channelInfo.name,
    named(item[f.external]),
    named(item.contactPerson),
    item.status.name,
    named(item.advertisementFormat),
    ...(hasAdvertisementType ? [named(item.advertisementType)] : []),
    employeeOf(item[f.employee]),
    csvMoney(item.price),
    csvMoney(item.paidAmount),
    csvMoney(item.price - item.paidAmount),
    item.paymentDueDate ? russianDay(item.paymentDueDate) : '',
    paymentStateNames[item.paymentState],
    item.postLink ?? '',
    item.cpm === null ? '' : csvMoney(item.cpm),
  ];
  const comparedColumns = [
    0,
    col('Размещение'),
    col('Наш канал'),
    col('Канал'),
    col('Контакт'),
    col('Статус'),
    col('Формат'),
    ...(hasAdvertisementType ? [col('Тип рекламы')] : []),
    col('Сотрудник'),
    col('Стоимость'),
    col('Оплачено'),
    col('Осталось'),
    col('Оплатить до'),
    col('Оплата'),
    col('Ссылка на пост'),
    col('CPM'),
  ];
  const linesOf = (rows: string[][]) => rows.map((row) => comparedColumns.map((i) => row[i]));

  beforeAll(async () => {
    app = await createTestApp();
    mine = await signInDemo(app, `${kind}-export-mine`);
    theirs = await signInDemo(app, `${kind}-export-theirs`);
    for (const who of [mine, theirs]) {
      const settings = (await get(who, '/api/settings')).json();
      const zoned = await app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: { ...who, ...sameOrigin },
        payload: { ...settings, timeZone: ZONE },
      });
      expect(zoned.statusCode, zoned.body).toBe(200);
    }
    const channelId = (await get(mine, '/api/channel?limit=1')).json().items[0].id;
    const create = async (overrides: Record<string, unknown>) => {
      const response = await app.inject({
        method: 'POST',
        url: base,
        headers: { ...mine, ...sameOrigin },
        payload: {
          accommodationCondition: { accommodationTime: '2030-05-20T15:30:00+03:00' },
          advertisementFormatId: 1,
          ...(kind === 'sale' ? { advertisementTypeId: 2, statusId: 1 } : {}),
          channelId,
          price: 1000,
          [f.date]: '2030-05-18',
          ...overrides,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Item;
    };
    // A counterpart whose name is a formula, a contact with the separator and quotes, a part payment, a past due date.
    const tricky = await create({
      [f.external]: { name: '=HYPERLINK("http://evil","x")' },
      contactPerson: { name: 'Иван; "Ваня"\nПетров' },
      price: 1500.5,
      paymentDueDate: '2025-06-01',
    });
    const paid = await app.inject({
      method: 'POST',
      url: `${base}/${tricky.id}/payments`,
      headers: { ...mine, ...sameOrigin },
      payload: { amount: 500.25, paidAt: '2030-05-19' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await create({ [f.external]: { name: 'Ёлка медиа' }, price: 2000, [f.date]: '2030-05-17' });

    const { teamId } = await callerOf(app, mine);
    // Many deals straight into the table: every payment state, shared dates (the id breaks ties), kopecks.
    await app.db.execute(sql`
      insert into deals (team_id, kind, channel_id, status_id, placement_at, duration_type, price, deal_date,
        paid_amount, payment_due_date, post_link, post_views)
      select ${teamId}, ${kind}, ${channelId}, ${tricky.statusId},
        timestamptz '2025-01-01 12:00+03' + g * interval '1 hour', 'INFINITY', (g % 50) * 100 + 0.5,
        date '2025-01-01' + (g % 400),
        case when g % 3 = 0 then (g % 50) * 100 + 0.5 when g % 3 = 1 then 0.25 else 0 end,
        case when g % 5 = 0 then date '2025-02-01' end,
        -- Some with a post and its views: the file's link and CPM are the list's.
        case when g % 7 = 0 then 'https://t.me/export_channel/' || g end,
        case when g % 7 = 0 then g * 37 end
      from generate_series(1, ${BULK}) g`);
  });
  afterAll(() => app.close());

  it('answers CSV with a BOM, `;`, Russian headers and every row the list shows, in its order', async () => {
    const response = await exportOf(mine, 'format=csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
    expect(response.headers['content-disposition']).toContain(
      `filename="${kind === 'sale' ? 'prodazhi' : 'zakupki'}-${today}.csv"`,
    );
    expect(russianName(response.headers['content-disposition'] as string)).toBe(
      `${words.title}-${today}.csv`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toContain('\r\n');
    const file = parseCsv(response.rawPayload);
    expect(file[0]).toEqual(headers);
    const rows = dealRows(file);
    const listed = await listAll(mine, '');
    expect(listed.length).toBeGreaterThan(BULK);
    expect(linesOf(rows)).toEqual(listed.map(expectedLine));
  });

  it('quotes fields with the separator, quotes and line breaks, and defuses a formula', async () => {
    const response = await exportOf(mine, 'q=HYPERLINK');
    const rows = dealRows(parseCsv(response.rawPayload));
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? [];
    expect(row[col('Канал')]).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(row[col('Контакт')]).toBe('Иван; "Ваня"\nПетров');
    expect(row.slice(col('Стоимость'))).toEqual([
      '1500,50',
      '500,25',
      '1000,25',
      '01.06.2025',
      'Просрочено',
      '',
      '',
    ]);
    // In the raw text the formula is quoted (it holds quotes) and starts with the apostrophe.
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
  });

  it.each([
    'paymentState=OVERDUE',
    'paymentState=UNPAID,PARTLY_PAID',
    'q=ёлка',
    'priceCondition==ge=2000&sort=placement',
    `${f.dateCondition}==bt=(2025-03-01,2025-03-31)&paymentState=PAID`,
    // The placement order across batches, and the placement order of a deal-date period (its own query order).
    'sort=placement',
    `${f.dateCondition}==ge=2025-01-01&sort=placement`,
    `${f.dateCondition}==bt=(2025-03-01,2025-03-31)&sort=placement`,
    'q=ёлка&sort=placement',
  ])('exports exactly what the list shows with %s', async (query) => {
    const listed = await listAll(mine, query);
    expect(listed.length).toBeGreaterThan(0);
    const rows = dealRows(parseCsv((await exportOf(mine, `${query}&format=csv`)).rawPayload));
    expect(linesOf(rows)).toEqual(listed.map(expectedLine));
  });

  it('answers XLSX with numbers as numbers, dates as dates and Russian headers', async () => {
    const response = await exportOf(mine, 'format=xlsx&paymentState=OVERDUE');
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(russianName(response.headers['content-disposition'] as string)).toMatch(
      new RegExp(`^${words.title}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
    );
    const { sheet, rows } = await parseXlsx(response.rawPayload);
    expect(rows[0]).toEqual(headers);
    const data = dealRows(rows);
    const listed = await listAll(mine, 'paymentState=OVERDUE');
    expect(data).toHaveLength(listed.length);
    const first = listed[0] as Item;
    const row = data[0] ?? [];
    expect(row[0]).toEqual(new Date(`${first[f.date]}T00:00:00Z`));
    expect(row[col('Размещение')]).toBeInstanceOf(Date);
    expect(row[col('Стоимость')]).toBe(first.price);
    expect(row[col('Оплачено')]).toBe(first.paidAmount);
    expect(typeof row[col('Осталось')]).toBe('number');
    expect(row[col('Оплата')]).toBe('Просрочено');
    expect(sheet.getColumn(col('Наш канал') + 1).width).toBe(24);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    // The formula stays text in a spreadsheet cell.
    const tricky = (await parseXlsx((await exportOf(mine, 'format=xlsx&q=HYPERLINK')).rawPayload)).rows[1];
    expect(tricky?.[col('Канал')]).toBe('=HYPERLINK("http://evil","x")');
  });

  it("never shows another team's deals", async () => {
    const rows = dealRows(parseCsv((await exportOf(theirs, '')).rawPayload));
    const listed = await listAll(theirs, '');
    expect(linesOf(rows)).toEqual(listed.map(expectedLine));
    expect(rows.length).toBeLessThan(BULK);
    expect(rows.flat().join()).not.toContain('HYPERLINK');
    const searched = parseCsv((await exportOf(theirs, 'q=ёлка')).rawPayload);
    expect(dealRows(searched)).toEqual([]);
    // Nothing found still says so in the total: 0, and no line of cancelled deals.
    expect(dealTotalRows(searched).map((row) => row.filter(Boolean))).toEqual([
      ['Итого', '0,00', '0,00', '0,00'],
    ]);
  });

  it('refuses bad input with 400 and a Russian message, and answers nothing without a session', async () => {
    const format = await get(mine, `${base}/export?format=pdf`);
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toContain('Формат: csv или xlsx');
    const state = await get(mine, `${base}/export?paymentState=LOST`);
    expect(state.statusCode).toBe(400);
    expect(state.json().message).toMatch(/Состояние оплаты/);
    expect((await app.inject({ url: `${base}/export` })).statusCode).toBe(401);
  });
});
