import { roundMoney } from '@addesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, deals, markingReports } from '../../../src/db/schema/index.js';
import { monthTotals } from '../../../src/modules/marking/marking-month.repository.js';
import { monthSpan } from '../../../src/modules/marking/marking-month.service.js';
import { parseCsv, parseXlsx, russianName } from '../../helpers/files.js';
import { countRows } from '../../helpers/team.js';
import { callWith, createTestApp } from '../../helpers/test-app.js';
import { sessionAs, signInWith } from '../../helpers/users.js';

// Issue 35, the month's paperwork: the deals placed in a month as the team's calendar sees it (Vladivostok, UTC+10),
// each with its card's state and missing, views entered or from the post, totals over the whole month, the file for
// a manual upload, the dashboard's warning, and who may do what.

type Who = { cookie: string };
type MonthDeal = {
  kind: 'sale' | 'purchase';
  id: number;
  date: string;
  erid: string | null;
  state: string;
  views: number | null;
  viewsSource: string | null;
  amount: number;
  missing: string[];
  statistics: { status: string } | null;
  act: { status: string } | null;
};

const MONTH = '2027-03';
const ZONE = 'Asia/Vladivostok';
const ADVERTISER = { type: 'juridical', name: 'ООО «Ромашка»', inn: '7707083893' };
const CONTRACT = {
  number: 'Д-1',
  date: '2027-03-01',
  type: 'service',
  subject: 'distribution',
  amount: 15000,
};
const CREATIVE = { form: 'text_block', text: 'Цветы', kktu: '30.10.1' };

let now = new Date('2027-04-10T00:00:00Z');

describe('GET /api/marking/months/{yyyy-mm}, PUT …/marking/views, the export and GET /api/marking/due', () => {
  let app: FastifyInstance;
  let owner: Who;
  let member: Who;
  let stranger: Who;
  let teamId: number;
  let channelId: number;
  const ids = {} as Record<
    | 'firstNight'
    | 'lastNight'
    | 'aprilNight'
    | 'februaryNight'
    | 'cancelled'
    | 'deleted'
    | 'ready'
    | 'sent'
    | 'theirs'
    | 'free'
    | 'partial',
    number
  >;

  const call = (who: Who, method: string, url: string, body?: object) =>
    callWith(app, who, method, url, body);
  const place = async (kind: 'sale' | 'purchase', time: string, price: number, extra: object = {}) => {
    const made = await call(owner, 'POST', `/api/${kind}`, {
      accommodationCondition: { accommodationTime: time },
      advertisementFormatId: 1,
      channelId,
      price,
      ...(kind === 'sale'
        ? {
            advertisementTypeId: 2,
            statusId: 1,
            saleDate: time.slice(0, 10),
            contactPerson: { name: 'Олег' },
          }
        : { purchaseDate: time.slice(0, 10), externalChannel: { name: 'Канал продавца' } }),
      ...extra,
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().id as number;
  };
  const mark = async (kind: string, id: number, body: object) =>
    expect((await call(owner, 'PUT', `/api/${kind}/${id}/marking`, body)).statusCode).toBe(200);

  /** Every deal of the month, page by page, and the totals each page gave. */
  async function wholeMonth(limit: number) {
    const all: MonthDeal[] = [];
    const totals: unknown[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await call(owner, 'GET', `/api/marking/months/${MONTH}?${query}`);
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json();
      expect(body.deals.length).toBeLessThanOrEqual(limit);
      all.push(...body.deals);
      totals.push(body.totals);
      cursor = body.nextCursor;
    } while (cursor);
    return { all, totals };
  }

  beforeAll(async () => {
    app = await createTestApp({}, { clock: () => now });
    const me = await signInWith(app, 'month-owner');
    owner = me;
    teamId = me.member.teamId;
    expect((await call(owner, 'PATCH', '/api/settings', { timeZone: ZONE })).statusCode).toBe(200);
    const [channel] = await app.db
      .insert(channels)
      .values({
        teamId,
        name: 'Наш канал',
        telegramNickName: 'month_ch',
        ownerEmployeeId: me.member.employeeId,
      })
      .returning({ id: channels.id });
    channelId = channel?.id ?? 0;
    stranger = await signInWith(app, 'month-stranger');
    const person = (await call(owner, 'POST', '/api/employee', { firstName: 'Менеджер' })).json();
    member = await sessionAs(app, teamId, person.id);

    // The month's edges on the team's clock: 00:30 on the 1st is still February in UTC, 00:30 on 1 April is March's
    // last day in UTC; 23:30 on 31 March is March either way.
    ids.firstNight = await place('sale', '2027-03-01T00:30:00+10:00', 1000.1);
    ids.lastNight = await place('sale', '2027-03-31T23:30:00+10:00', 2000.2);
    ids.aprilNight = await place('sale', '2027-04-01T00:30:00+10:00', 9999);
    ids.februaryNight = await place('purchase', '2027-02-28T23:30:00+10:00', 9999);
    ids.cancelled = await place('sale', '2027-03-10T12:00:00+10:00', 9999, { statusId: 7 });
    ids.deleted = await place('sale', '2027-03-11T12:00:00+10:00', 9999);
    expect((await call(owner, 'DELETE', `/api/sale/${ids.deleted}`)).statusCode).toBe(204);
    ids.ready = await place('sale', '2027-03-12T12:00:00+10:00', 15000);
    ids.sent = await place('sale', '2027-03-13T12:00:00+10:00', 3000.3);
    ids.theirs = await place('purchase', '2027-03-14T12:00:00+10:00', 4000.4);
    ids.free = await place('purchase', '2027-03-15T12:00:00+10:00', 500);
    ids.partial = await place('purchase', '2027-03-16T12:00:00+10:00', 700.07);

    await call(owner, 'PUT', '/api/team/legal', { type: 'ip', name: 'ИП Канальев', inn: '500100732259' });
    const full = { registeredBy: 'us', advertiser: ADVERTISER, contract: CONTRACT, creative: CREATIVE };
    await mark('sale', ids.ready, full);
    await mark('sale', ids.sent, { ...full, erid: 'Erid0000Sent' });
    await mark('purchase', ids.theirs, {
      registeredBy: 'counterpart',
      erid: 'ErIdTheirs1',
      advertiser: ADVERTISER,
    });
    await mark('purchase', ids.free, { registeredBy: 'not_required', reason: 'Бартер с фондом' });
    await mark('purchase', ids.partial, { registeredBy: 'us', advertiser: { name: 'ИП Канальев' } });
    // The ОРД accepted the statistics and the act of one deal.
    await app.db.insert(markingReports).values({ teamId, dealId: ids.sent, statistics: 'done', act: 'done' });
  });
  afterAll(() => app.close());

  it("lists the month's deals with the same state and missing as each deal's card, and totals that recount", async () => {
    const { all, totals } = await wholeMonth(2);
    const { firstNight, lastNight, ready, sent, theirs, free, partial } = ids;
    const expected = [firstNight, lastNight, ready, sent, theirs, free, partial];
    expect(new Set(all.map((d) => d.id))).toEqual(new Set(expected));
    expect(all.length).toBe(expected.length);
    // By placement: the first night first, the last night last.
    expect(all[0]?.id).toBe(ids.firstNight);
    expect(all.at(-1)?.id).toBe(ids.lastNight);
    expect(all.find((d) => d.id === ids.firstNight)?.date).toBe('2027-03-01');
    expect(all.find((d) => d.id === ids.lastNight)?.date).toBe('2027-03-31');
    for (const deal of all) {
      const card = (await call(owner, 'GET', `/api/${deal.kind}/${deal.id}/marking`)).json();
      expect(
        { state: deal.state, missing: deal.missing, erid: deal.erid },
        `${deal.kind} ${deal.id}`,
      ).toEqual({
        state: card.state,
        missing: card.missing,
        erid: card.erid,
      });
    }
    const byId = new Map(all.map((d) => [d.id, d]));
    expect(byId.get(ids.sent)?.state).toBe('act_sent');
    expect(byId.get(ids.ready)).toMatchObject({ state: 'ready', missing: [] });
    expect(byId.get(ids.free)).toMatchObject({ state: 'not_required', missing: [] });
    expect(byId.get(ids.partial)?.missing).toContain('Продавец: ИНН');
    const kopecks = all.reduce((sum, d) => sum + Math.round(d.amount * 100), 0);
    const recount = {
      deals: all.length,
      withMissing: all.filter((d) => d.missing.length > 0).length,
      amount: kopecks / 100,
      sent: 1,
    };
    for (const pageTotals of totals) expect(pageTotals).toEqual(recount);
    expect(recount.amount).toBe(1000.1 + 2000.2 + 15000 + 3000.3 + 4000.4 + 500 + 700.07);
    // Three without: firstNight, lastNight (nobody chose who registers), the purchase missing its seller.
    expect(recount.withMissing).toBe(3);
  });

  it('says the deadline and the days left on the team clock, and refuses a bad month or cursor', async () => {
    now = new Date('2027-04-24T15:30:00Z'); // 25 April 01:30 in Vladivostok, still the 24th in UTC
    const body = (await call(owner, 'GET', `/api/marking/months/${MONTH}`)).json();
    expect(body).toMatchObject({ month: MONTH, deadline: '2027-04-30', daysLeft: 5, nextCursor: null });
    const bad = await call(owner, 'GET', '/api/marking/months/2027-13');
    expect([bad.statusCode, bad.json().fieldErrors.month]).toEqual([
      400,
      ['Месяц: гггг-мм, например 2026-11'],
    ]);
    const cursor = await call(owner, 'GET', `/api/marking/months/${MONTH}?cursor=garbage`);
    expect(cursor.statusCode).toBe(400);
    expect((await call(owner, 'GET', `/api/marking/months/${MONTH}?limit=201`)).statusCode).toBe(400);
  });

  it('reports the views entered by hand, else the post reading, and refuses bad views writing nothing', async () => {
    const viewsOf = async (id: number) => (await wholeMonth(200)).all.find((d) => d.id === id) as MonthDeal;
    expect(await viewsOf(ids.ready)).toMatchObject({ views: null, viewsSource: null });
    await app.db
      .update(deals)
      .set({ postViews: 4321 })
      .where(and(eq(deals.teamId, teamId), eq(deals.id, ids.ready)));
    expect(await viewsOf(ids.ready)).toMatchObject({ views: 4321, viewsSource: 'post' });
    const put = await call(owner, 'PUT', `/api/sale/${ids.ready}/marking/views`, { views: 5000 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ state: 'ready', missing: [] });
    expect(await viewsOf(ids.ready)).toMatchObject({ views: 5000, viewsSource: 'entered' });
    const reports = await countRows(app, 'marking_reports', teamId);
    const cases: [unknown, string][] = [
      [-1, 'Просмотры не могут быть отрицательными'],
      ['много', 'Просмотры: целое число'],
      [1.5, 'Просмотры: целое число'],
      [5_000_000_000, 'Просмотры: слишком большое число'],
    ];
    for (const [views, message] of cases) {
      const answer = await call(owner, 'PUT', `/api/sale/${ids.lastNight}/marking/views`, { views });
      expect(answer.statusCode, String(views)).toBe(400);
      expect(answer.json().fieldErrors.views).toEqual([message]);
    }
    expect(await countRows(app, 'marking_reports', teamId)).toBe(reports);
    expect(await viewsOf(ids.lastNight)).toMatchObject({ views: null, viewsSource: null });
    await call(owner, 'PUT', `/api/sale/${ids.ready}/marking/views`, { views: null });
    expect(await viewsOf(ids.ready)).toMatchObject({ views: 4321, viewsSource: 'post' });
    await call(owner, 'PUT', `/api/sale/${ids.ready}/marking/views`, { views: 5000 });
  });

  it("exports the month in VK ОРД's field names, each figure as the month's JSON has it", async () => {
    const month = (await wholeMonth(200)).all;
    const csv = await call(owner, 'GET', `/api/marking/months/${MONTH}/export?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(russianName(csv.headers['content-disposition'])).toBe(`marking-${MONTH}.csv`);
    const [header, ...rows] = parseCsv(csv.rawPayload);
    expect(header).toEqual([
      'contract_external_id',
      'creative_external_id',
      'erid',
      'pad_external_id',
      'shows_count',
      'date_start_actual',
      'date_end_actual',
      'pay_type',
      'amount.excluding_vat',
      'amount.vat_rate',
      'amount.vat',
      'amount.including_vat',
    ]);
    expect(rows.length).toBe(month.length);
    const deal = month.find((d) => d.id === ids.ready) as MonthDeal;
    const row = rows.find((r) => r[0] === `addesk-${teamId}-contract-${ids.ready}`);
    const ruDay = `${deal.date.slice(8)}.${deal.date.slice(5, 7)}.${deal.date.slice(0, 4)}`;
    expect(row).toEqual([
      `addesk-${teamId}-contract-${ids.ready}`,
      `addesk-${teamId}-creative-${ids.ready}`,
      '',
      `addesk-${teamId}-pad-${channelId}`,
      String(deal.views),
      ruDay,
      ruDay,
      'other',
      '15000,00',
      'without_vat',
      '0,00',
      deal.amount.toFixed(2).replace('.', ','),
    ]);
    const sent = month.find((d) => d.id === ids.sent) as MonthDeal;
    expect(rows.find((r) => r[0] === `addesk-${teamId}-contract-${ids.sent}`)?.[2]).toBe(sent.erid);

    const xlsx = await call(owner, 'GET', `/api/marking/months/${MONTH}/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`filename="marking-${MONTH}.xlsx"`);
    const file = await parseXlsx(xlsx.rawPayload);
    expect(file.rows[0]?.[0]).toBe('contract_external_id');
    const sheetRow = file.rows.find((r) => r[0] === `addesk-${teamId}-contract-${ids.lastNight}`);
    expect(sheetRow?.[11]).toBe(month.find((d) => d.id === ids.lastNight)?.amount);
  });

  it('warns the dashboard within 5 days of the deadline on the team clock, while something is missing', async () => {
    const due = async (who = owner) => (await call(who, 'GET', '/api/marking/due')).json();
    now = new Date('2027-04-24T13:59:00Z'); // 23:59 on the 24th in Vladivostok: 6 days left
    expect(await due()).toBeNull();
    now = new Date('2027-04-24T14:00:00Z'); // 00:00 on the 25th: 5 days left
    expect(await due()).toEqual({ month: MONTH, deadline: '2027-04-30', daysLeft: 5, withMissing: 3 });
    now = new Date('2027-04-30T13:00:00Z'); // the deadline's day itself
    expect(await due()).toMatchObject({ month: MONTH, daysLeft: 0 });
    now = new Date('2027-04-30T14:00:00Z'); // 1 May: passed, and April's deadline is a month away
    expect(await due()).toBeNull();
    // A team with nothing missing (nothing at all) hears nothing.
    now = new Date('2027-04-26T00:00:00Z');
    expect(await due(stranger)).toBeNull();
  });

  it('is the owner’s: 403 for a member on the month, its file, sending and the warning; views 404 for another team', async () => {
    for (const url of [
      `/api/marking/months/${MONTH}`,
      `/api/marking/months/${MONTH}/export`,
      '/api/marking/due',
    ])
      expect((await call(member, 'GET', url)).statusCode, url).toBe(403);
    expect((await call(member, 'POST', `/api/marking/months/${MONTH}/send`)).statusCode).toBe(403);
    const foreign = await call(stranger, 'PUT', `/api/sale/${ids.ready}/marking/views`, { views: 1 });
    expect(foreign.statusCode).toBe(404);
    // Another team's month holds none of ours.
    expect((await call(stranger, 'GET', `/api/marking/months/${MONTH}`)).json().totals.deals).toBe(0);
    const rows = await app.db.execute(sql`select views from marking_reports where deal_id = ${ids.ready}`);
    expect(rows.rows).toEqual([{ views: 5000 }]);
  });

  // Issue 38: the count and amount come from the calendar's roll-up, the rest from the marked deals alone.
  it('keeps totals that recount through new prices, cancellations, moves, a report without a marking and a new zone', async () => {
    let zone = ZONE;
    const recounted = async () => {
      const { all, totals } = await wholeMonth(3);
      const kopecks = all.reduce((sum, d) => sum + Math.round(d.amount * 100), 0);
      const recount = {
        deals: all.length,
        withMissing: all.filter((d) => d.missing.length > 0).length,
        amount: kopecks / 100,
        sent: all.filter((d) => d.statistics?.status === 'done' && d.act?.status === 'done').length,
      };
      for (const pageTotals of totals) expect(pageTotals).toEqual(recount);
      const way = await monthTotals(app.db, teamId, monthSpan(MONTH, zone));
      expect({ ...way, amount: roundMoney(way.amount) }, `${JSON.stringify(way)}`).toEqual(recount);
      return recount;
    };
    const set = (id: number, change: ReturnType<typeof sql>) =>
      app.db.execute(sql`update deals set ${change} where team_id = ${teamId} and id = ${id}`);
    const before = await recounted();
    await set(ids.ready, sql`price = 16000.01`);
    expect(await recounted()).toEqual({
      ...before,
      amount: (Math.round(before.amount * 100) + 100001) / 100,
    });
    // The sent deal cancelled: out of the month with its sending; back again.
    await set(ids.sent, sql`status_id = 7`);
    expect(await recounted()).toMatchObject({ deals: before.deals - 1, sent: 0 });
    await set(ids.sent, sql`status_id = 1`);
    expect((await recounted()).sent).toBe(1);
    // April's deal moved into March, a purchase cancelled, views entered on a deal nobody marked.
    await set(ids.aprilNight, sql`placement_at = '2027-03-20T12:00:00+10:00'`);
    await set(ids.partial, sql`status_id = 16`);
    const views = await call(owner, 'PUT', `/api/sale/${ids.firstNight}/marking/views`, { views: 10 });
    expect(views.statusCode).toBe(200);
    const after = await recounted();
    expect(after).toMatchObject({ deals: before.deals, withMissing: before.withMissing });
    // The team's zone moved to Moscow: the month's nights fall elsewhere, the totals still recount.
    expect((await call(owner, 'PATCH', '/api/settings', { timeZone: 'Europe/Moscow' })).statusCode).toBe(200);
    zone = 'Europe/Moscow';
    expect(await recounted()).not.toEqual(after);
  });
});
