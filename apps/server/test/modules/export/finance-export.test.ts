import { CHANNEL_NOT_FOUND, type DealKind, dealVocabulary } from '@addesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, parseXlsx, russianName } from '../../helpers/files.js';
import { callerOf } from '../../helpers/team.js';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

type Headers = { cookie: string };

describe('finance export', () => {
  let app: FastifyInstance;
  let mine: Headers;
  let theirs: Headers;
  let channelId: number;
  let otherChannelId: number;
  let theirChannelId: number;

  const get = (who: Headers, url: string) => app.inject({ url, headers: who });
  const csv = async (who: Headers, query: string) => {
    const response = await get(who, `/api/finance/export?${query}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return parseCsv(response.rawPayload);
  };
  /** A status that cancels a deal ('Отменена'): such a deal has no money by its date, its payments still count. */
  const cancelling = async (kind: DealKind) => {
    const result = await app.db.execute(
      sql`select min(id) as id from deal_statuses where kind = ${kind} and cancels`,
    );
    return Number(result.rows[0]?.id);
  };
  const create = async (who: Headers, kind: DealKind, values: Record<string, unknown>) => {
    const f = dealVocabulary[kind].names;
    const response = await app.inject({
      method: 'POST',
      url: `/api/${dealVocabulary[kind].path}`,
      headers: { ...who, ...sameOrigin },
      payload: {
        accommodationCondition: { accommodationTime: '2031-01-20T15:30:00+03:00' },
        advertisementFormatId: 1,
        ...(kind === 'sale' ? { advertisementTypeId: 2, statusId: 1 } : {}),
        ...(values.statusId === undefined ? {} : { statusId: values.statusId }),
        channelId: values.channelId ?? channelId,
        [f.external]: { name: values.counterpart ?? 'Большой канал' },
        price: values.price,
        [f.date]: values.date,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as number;
    for (const [amount, paidAt, note] of (values.payments ?? []) as [number, string, string?][]) {
      const paid = await app.inject({
        method: 'POST',
        url: `/api/${dealVocabulary[kind].path}/${id}/payments`,
        headers: { ...who, ...sameOrigin },
        payload: { amount, paidAt, ...(note && { note }) },
      });
      expect(paid.statusCode, paid.body).toBe(201);
    }
  };

  beforeAll(async () => {
    app = await createTestApp();
    mine = await signInDemo(app, 'finance-export-mine');
    theirs = await signInDemo(app, 'finance-export-theirs');
    const channels = (await get(mine, '/api/channel?limit=2')).json().items;
    channelId = channels[0].id;
    otherChannelId = channels[1].id;
    theirChannelId = (await get(theirs, '/api/channel?limit=1')).json().items[0].id;
    await create(mine, 'sale', {
      price: 1000.5,
      date: '2031-01-10',
      counterpart: '+7 реклама',
      payments: [[400, '2031-01-12', 'аванс; наличными']],
    });
    await create(mine, 'purchase', { price: 300, date: '2031-01-05', payments: [[300, '2031-02-01']] });
    await create(mine, 'sale', {
      price: 50,
      date: '2031-01-05',
      channelId: otherChannelId,
      payments: [[50, '2031-01-31']],
    });
    await create(mine, 'sale', {
      price: 777,
      date: '2031-01-20',
      statusId: await cancelling('sale'),
      payments: [[7, '2031-01-21', 'задаток']],
    });
    // Outside the period: a day before it and a day after.
    await create(mine, 'sale', { price: 70, date: '2030-12-31', payments: [[70, '2030-12-31']] });
    await create(mine, 'purchase', { price: 80, date: '2031-02-01' });
    await create(theirs, 'sale', {
      price: 999,
      date: '2031-01-10',
      channelId: theirChannelId,
      payments: [[1, '2031-01-10']],
    });
  });
  afterAll(() => app.close());

  it('by accrual lists the deals of both kinds dated in the period, oldest first, income and spend apart, no cancelled one', async () => {
    const rows = await csv(mine, 'from=2031-01-01&to=2031-01-31');
    const channelName = (await get(mine, `/api/channel/${channelId}`)).json().name;
    expect(rows[0]).toEqual(['Дата', 'Тип', 'Канал', 'Контрагент', 'Доход', 'Расход']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[4], row[5]])).toEqual([
      ['05.01.2031', 'Закупка', '', '300,00'],
      ['05.01.2031', 'Продажа', '50,00', ''],
      ['10.01.2031', 'Продажа', '1000,50', ''],
    ]);
    expect(rows[3]?.slice(2, 4)).toEqual([channelName, "'+7 реклама"]);
  });

  it("by cash lists the payments paid in the period with their notes, a cancelled deal's too", async () => {
    const rows = await csv(mine, 'from=2031-01-01&to=2031-01-31&basis=cash');
    expect(rows).toEqual([
      ['Дата оплаты', 'Тип', 'Канал', 'Контрагент', 'Доход', 'Расход', 'Примечание'],
      [expect.any(String), 'Продажа', expect.any(String), "'+7 реклама", '400,00', '', 'аванс; наличными'],
      ['21.01.2031', 'Продажа', expect.any(String), 'Большой канал', '7,00', '', 'задаток'],
      ['31.01.2031', 'Продажа', expect.any(String), 'Большой канал', '50,00', '', ''],
    ]);
    expect(rows[1]?.[0]).toBe('12.01.2031');
    const february = await csv(mine, 'from=2031-02-01&to=2031-02-28&basis=cash');
    expect(february.slice(1).map((row) => [row[1], row[5]])).toEqual([['Закупка', '300,00']]);
  });

  it('takes one channel, and answers 404 for a channel of another team', async () => {
    const rows = await csv(mine, `from=2031-01-01&to=2031-01-31&channelId=${otherChannelId}`);
    expect(rows.slice(1).map((row) => row[4])).toEqual(['50,00']);
    const foreign = await get(
      mine,
      `/api/finance/export?from=2031-01-01&to=2031-01-31&channelId=${theirChannelId}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', message: CHANNEL_NOT_FOUND });
    const theirRows = await csv(theirs, 'from=2031-01-01&to=2031-01-31');
    expect(theirRows.slice(1).map((row) => row[4])).toEqual(['999,00']);
  });

  it('writes XLSX with dates and amounts as such, named by the period', async () => {
    const response = await get(mine, '/api/finance/export?from=2031-01-01&to=2031-01-31&format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(russianName(response.headers['content-disposition'] as string)).toBe(
      'Финансы-2031-01-01-2031-01-31.xlsx',
    );
    const { rows } = await parseXlsx(response.rawPayload);
    expect(rows[0]).toEqual(['Дата', 'Тип', 'Канал', 'Контрагент', 'Доход', 'Расход']);
    expect(rows[1]?.[0]).toEqual(new Date('2031-01-05T00:00:00Z'));
    expect(rows[1]?.[5]).toBe(300);
    expect(rows[3]?.[3]).toBe('+7 реклама');
    expect(rows[3]?.[4]).toBe(1000.5);
  });

  it('merges both kinds in date order across many batches', async () => {
    const { teamId } = await callerOf(app, mine);
    await app.db.execute(sql`
      insert into deals (team_id, kind, channel_id, status_id, placement_at, duration_type, price, deal_date)
      select ${teamId}, k.kind, ${channelId}, (select min(id) from deal_statuses s where s.kind = k.kind), now(),
        'INFINITY', g, date '2032-01-01' + (g * 7 % 365)
      from generate_series(1, 5001) g,
        lateral (select case when g % 2 = 0 then 'sale' else 'purchase' end as kind) k`);
    const rows = (await csv(mine, 'from=2032-01-01&to=2032-12-31')).slice(1);
    expect(rows).toHaveLength(5001);
    const days = rows.map((row) => row[0]?.split('.').reverse().join('-') ?? '');
    expect(days).toEqual([...days].sort());
    expect(rows.filter((row) => row[1] === 'Продажа')).toHaveLength(2500);
  });

  it('refuses bad input with 400 and a Russian message', async () => {
    const reversed = await get(mine, '/api/finance/export?from=2031-02-01&to=2031-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('Начало периода позже конца');
    const basis = await get(mine, '/api/finance/export?from=2031-01-01&to=2031-01-31&basis=plan');
    expect(basis.statusCode).toBe(400);
    expect(basis.json().message).toContain('Основа: accrual или cash');
    expect((await get(mine, '/api/finance/export?to=2031-01-31')).statusCode).toBe(400);
  });
});
