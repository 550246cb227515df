import {
  CHANNEL_NOT_FOUND,
  cpmOf,
  DEBT_ITEMS_LIMIT,
  type DealKind,
  type FinanceSummary,
  previousPeriodOf,
} from '@addesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelEmployees, channels, employees } from '../../../src/db/schema/index.js';
import { dayOf, shiftDay } from '../../../src/lib/dates.js';
import { createTestApp } from '../../helpers/test-app.js';
import { sessionAs } from '../../helpers/users.js';
import { type Headers, ledgerTeam } from './ledger.js';

type Ledger = Awaited<ReturnType<typeof ledgerTeam>>;
type Basis = 'accrual' | 'cash';
type Entry = { kind: DealKind; channelId: number; day: string; cents: number };

const cents = (roubles: number) => Math.round(roubles * 100);
const roubles = (c: number) => c / 100;

/** Income, spend and profit of the entries dated from..to inclusive, summed in kopecks. */
function totalsOf(entries: Entry[], from: string, to: string) {
  let income = 0;
  let spend = 0;
  for (const e of entries) {
    if (e.day < from || e.day > to) continue;
    if (e.kind === 'sale') income += e.cents;
    else spend += e.cents;
  }
  return { income: roubles(income), spend: roubles(spend), profit: roubles(income - spend) };
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The steps' first days from..to, computed here with calendar arithmetic of its own. */
function stepStarts(step: string, from: string, to: string) {
  const first = utc(from);
  if (step === 'week') first.setUTCDate(first.getUTCDate() - ((first.getUTCDay() + 6) % 7));
  if (step === 'month') first.setUTCDate(1);
  const starts: string[] = [];
  for (const at = first; iso(at) <= to; ) {
    starts.push(iso(at));
    if (step === 'day') at.setUTCDate(at.getUTCDate() + 1);
    else if (step === 'week') at.setUTCDate(at.getUTCDate() + 7);
    else at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return starts;
}

/** What /api/finance/summary should answer, computed from the deals and payments the test made. */
function expectedSummary(
  team: Ledger,
  channelNames: Map<number, string>,
  q: { from: string; to: string; basis: Basis; channelId?: number },
): FinanceSummary {
  const mine = (e: { channelId: number }) => q.channelId === undefined || e.channelId === q.channelId;
  const dated: Entry[] = team.deals.filter(mine).map((d) => ({ ...d, day: d.date, cents: cents(d.price) }));
  const paid: Entry[] = team.payments
    .filter(mine)
    .map((p) => ({ ...p, day: p.paidAt, cents: cents(p.amount) }));
  const entries = q.basis === 'accrual' ? dated : paid;
  const days = (utc(q.to).getTime() - utc(q.from).getTime()) / 86_400_000 + 1;
  const step = days <= 31 ? 'day' : days <= 182 ? 'week' : 'month';
  const previous = previousPeriodOf(q.from, q.to);
  const starts = stepStarts(step, q.from, q.to);
  const series = starts.map((start, i) => {
    const next = starts[i + 1] ?? shiftDay(q.to, 1);
    const inPeriod = entries.filter((e) => e.day >= q.from);
    // No payouts in these ledgers: no salaries (the payroll's tests hold them to the pay).
    return { period: start, ...totalsOf(inPeriod, start, shiftDay(next, -1)), salaries: 0 };
  });
  const active = new Set(
    [...dated, ...paid].filter((e) => e.day >= q.from && e.day <= q.to).map((e) => e.channelId),
  );
  const byChannel = [...active]
    .map((channelId) => ({
      channel: {
        id: channelId,
        name: channelNames.get(channelId) ?? '?',
        iconLink: channelId === team.channelIds[0] ? expect.any(String) : null,
      },
      ...totalsOf(
        entries.filter((e) => e.channelId === channelId),
        q.from,
        q.to,
      ),
      deals: dated.filter((e) => e.channelId === channelId && e.day >= q.from && e.day <= q.to).length,
    }))
    .sort((a, b) => b.profit - a.profit || a.channel.name.localeCompare(b.channel.name, 'ru'));
  return {
    ...totalsOf(entries, q.from, q.to),
    salaries: 0,
    previous: { ...totalsOf(entries, previous.from, previous.to), salaries: 0, ...previous },
    byChannel,
    step,
    series,
    // No post of these ledgers' deals has views: no average CPM (its own test below gives some views).
    cpm: { sale: null, purchase: null },
  };
}

describe('GET /api/finance/summary and /api/finance/debts', () => {
  let app: FastifyInstance;
  let team: Ledger;
  let other: Ledger;
  const names = new Map<number, string>();

  const get = (headers: Headers, url: string) => app.inject({ url, headers });
  const summary = async (headers: Headers, query: Record<string, string | number>) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const response = await get(headers, `/api/finance/summary?${search}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as FinanceSummary;
  };

  beforeAll(async () => {
    app = await createTestApp();
    team = await ledgerTeam(app, 'finance-main', ['Альфа', 'Бета']);
    other = await ledgerTeam(app, 'finance-other', ['Чужой']);
    for (const [i, id] of team.channelIds.entries()) names.set(id, ['Альфа', 'Бета'][i] ?? '?');

    // Deals from January 2025 to March 2026, none and no payment in June 2025 (an empty month), prices with
    // kopecks; some paid in full, some in two parts, some not at all, payments up to 40 days after the deal.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor(seed / 65_536) % n;
    };
    for (let i = 0; i < 44; i++) {
      let date = shiftDay('2025-01-01', next(455));
      if (date.startsWith('2025-06')) date = shiftDay(date, 30);
      const kind: DealKind = i % 5 < 3 ? 'sale' : 'purchase';
      const channelId = team.channelIds[next(2)] as number;
      const price = 1000 + next(90) * 100 + next(100) / 100;
      const deal = await team.deal(kind, { channelId, date, price });
      const paying = next(3);
      const payDay = (days: number) => {
        const day = shiftDay(date, days);
        return day.startsWith('2025-06') ? '2025-07-01' : day;
      };
      if (paying === 1) await team.pay(deal, price, payDay(next(40)));
      if (paying === 2) {
        const first = Math.round(price * 30) / 100;
        await team.pay(deal, first, payDay(next(20)));
        await team.pay(deal, cents(price - first) / 100, payDay(20 + next(20)));
      }
    }
    // The other team deals on the same days: none of it may show in ours.
    for (const date of ['2025-03-05', '2025-03-10', '2025-09-01']) {
      const deal = await other.deal('sale', {
        channelId: other.channelIds[0] as number,
        date,
        price: 99_999,
      });
      await other.pay(deal, 99_999, date);
      await other.deal('purchase', { channelId: other.channelIds[0] as number, date, price: 55_555 });
    }
  });
  afterAll(() => app.close());

  it('sums a month by deal date and by payment date, with the month before and each channel', async () => {
    for (const basis of ['accrual', 'cash'] as const) {
      const q = { from: '2025-03-01', to: '2025-03-31', basis };
      const answer = await summary(team.headers, q);
      expect(answer).toEqual(expectedSummary(team, names, q));
      expect(answer.step).toBe('day');
      expect(answer.series).toHaveLength(31);
      // A calendar month against the month before (issue 33), not the 31 days before it (29.01–28.02).
      expect(answer.previous).toMatchObject({ from: '2025-02-01', to: '2025-02-28' });
    }
    // Accrual is the default basis.
    expect(await summary(team.headers, { from: '2025-03-01', to: '2025-03-31' })).toEqual(
      await summary(team.headers, { from: '2025-03-01', to: '2025-03-31', basis: 'accrual' }),
    );
  });

  it('goes by day over 7 days, by week from Monday over 90, by month over 400, empty steps included', async () => {
    const cases = [
      { from: '2025-08-04', to: '2025-08-10', step: 'day', points: 7, first: '2025-08-04' },
      // 5 March 2025 is a Wednesday: the first week begins on Monday 3 March.
      { from: '2025-03-05', to: '2025-06-02', step: 'week', points: 14, first: '2025-03-03' },
      { from: '2025-01-15', to: '2026-02-18', step: 'month', points: 14, first: '2025-01-01' },
    ];
    for (const c of cases) {
      for (const basis of ['accrual', 'cash'] as const) {
        const q = { from: c.from, to: c.to, basis };
        const answer = await summary(team.headers, q);
        expect(answer).toEqual(expectedSummary(team, names, q));
        expect(answer.step).toBe(c.step);
        expect(answer.series).toHaveLength(c.points);
        expect(answer.series[0]?.period).toBe(c.first);
      }
    }
    const year = await summary(team.headers, { from: '2025-01-15', to: '2026-02-18' });
    expect(year.series.find((p) => p.period === '2025-06-01')).toEqual({
      period: '2025-06-01',
      income: 0,
      spend: 0,
      profit: 0,
      salaries: 0,
    });
    expect(year.income).toBeGreaterThan(0);
    expect(year.spend).toBeGreaterThan(0);
    expect(year.byChannel.map((c) => c.channel.name).sort()).toEqual(['Альфа', 'Бета']);
    const profits = year.byChannel.map((c) => c.profit);
    expect(profits).toEqual([...profits].sort((a, b) => b - a));
  });

  it('narrows everything to one channel', async () => {
    const channelId = team.channelIds[1] as number;
    for (const basis of ['accrual', 'cash'] as const) {
      const q = { from: '2025-01-01', to: '2025-12-31', basis, channelId };
      const answer = await summary(team.headers, q);
      expect(answer).toEqual(expectedSummary(team, names, q));
      expect(answer.byChannel.map((c) => c.channel.id)).toEqual([channelId]);
    }
  });

  it('answers another team’s channel like a missing one, and never counts another team’s deals', async () => {
    for (const channelId of [other.channelIds[0], 987_654_321]) {
      for (const path of ['summary?from=2025-01-01&to=2025-01-31&', 'debts?']) {
        const response = await get(team.headers, `/api/finance/${path}channelId=${channelId}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: CHANNEL_NOT_FOUND });
      }
    }
    const theirs = await summary(other.headers, { from: '2025-03-01', to: '2025-03-31' });
    expect(theirs).toMatchObject({ income: 199_998, spend: 111_110, profit: 88_888 });
    expect(theirs.byChannel).toEqual([
      {
        channel: { id: other.channelIds[0], name: 'Чужой', iconLink: expect.any(String) },
        income: 199_998,
        spend: 111_110,
        profit: 88_888,
        deals: 4,
      },
    ]);
  });

  it('answers an administrator of every channel exactly as the owner; anyone else without a channel 403', async () => {
    const [row] = await app.db
      .insert(employees)
      .values({ teamId: team.teamId, firstName: 'Мария', managerId: team.user.member.employeeId })
      .returning({ id: employees.id });
    const { cookie } = await sessionAs(app, team.teamId, row?.id ?? 0);
    const employee = { cookie };
    const q = { from: '2025-01-01', to: '2025-12-31', basis: 'cash' };
    const refused = await get(employee, '/api/finance/summary?from=2025-01-01&to=2025-12-31');
    expect(refused.statusCode).toBe(403);
    // Administrator of every channel of the team (docs/decisions/024): the same figures as the owner's.
    const channelIds = await app.db
      .select({ id: channels.id })
      .from(channels)
      .where(eq(channels.teamId, team.teamId));
    await app.db.insert(channelEmployees).values(
      channelIds.map(({ id }) => ({
        teamId: team.teamId,
        channelId: id,
        employeeId: row?.id ?? 0,
        roleId: 1,
      })),
    );
    expect(await summary(employee, q)).toEqual(await summary(team.headers, q));
    const debts = await get(employee, '/api/finance/debts');
    expect(debts.statusCode).toBe(200);
    expect(debts.json()).toEqual((await get(team.headers, '/api/finance/debts')).json());
  });

  it('refuses bad periods and parameters with Russian messages', async () => {
    const cases: [string, string, string][] = [
      ['from=2025-02-01&to=2025-01-01', 'to', 'Начало периода позже конца'],
      ['from=2014-01-01&to=2025-01-01', 'to', 'Период не длиннее 10 лет'],
      ['from=2025-01-01&to=2025-01-31&basis=accruals', 'basis', 'Основа: accrual или cash'],
      ['from=2025-13-01&to=2025-01-31', 'from', ''],
      ['to=2025-01-31', 'from', ''],
      ['from=2025-01-01&to=2025-01-31&channelId=abc', 'channelId', ''],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(team.headers, `/api/finance/summary?${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message).toMatch(/[а-яё]/i);
      expect(body.fieldErrors[field]?.[0], query).toMatch(message ? message : /[а-яё]/i);
    }
    const debts = await get(team.headers, '/api/finance/debts?channelId=-1');
    expect(debts.statusCode).toBe(400);
    expect(debts.json().fieldErrors.channelId[0]).toMatch(/[а-яё]/i);
    expect((await app.inject({ url: '/api/finance/summary?from=2025-01-01&to=2025-01-31' })).statusCode).toBe(
      401,
    );
  });

  it('lists debts overdue first by the team’s own date (Novosibirsk), then by due date and deal date', async () => {
    const debtor = await ledgerTeam(app, 'finance-debts', ['Основной', 'Второй']);
    const zone = await debtor.send('PATCH', '/api/settings', { timeZone: 'Asia/Novosibirsk' });
    expect(zone.statusCode, zone.body).toBe(200);
    const today = dayOf(new Date(), 'Asia/Novosibirsk');
    const [main, second] = debtor.channelIds as [number, number];
    const client = { name: 'Канал клиента', username: 'client_channel' };
    const s1 = await debtor.deal('sale', {
      channelId: main,
      date: '2026-02-01',
      price: 1000,
      dueDate: shiftDay(today, -10),
      external: client,
      contact: { name: 'Пётр' },
    });
    const s2 = await debtor.deal('sale', {
      channelId: main,
      date: '2026-02-03',
      price: 2000,
      dueDate: shiftDay(today, -1),
      contact: { name: 'Иван', username: 'ivan' },
    });
    const s7 = await debtor.deal('sale', {
      channelId: main,
      date: '2026-02-02',
      price: 700.5,
      dueDate: shiftDay(today, -1),
    });
    const s3 = await debtor.deal('sale', {
      channelId: main,
      date: '2026-01-01',
      price: 3000,
      dueDate: today,
    });
    const s4 = await debtor.deal('sale', {
      channelId: main,
      date: '2026-01-01',
      price: 400,
      dueDate: shiftDay(today, 5),
    });
    const s5 = await debtor.deal('sale', { channelId: second, date: '2025-12-01', price: 500 });
    const s6 = await debtor.deal('sale', {
      channelId: main,
      date: '2026-01-01',
      price: 600,
      dueDate: shiftDay(today, -20),
    });
    await debtor.pay(s2, 500, '2026-02-04');
    await debtor.pay(s6, 600, '2026-02-04');
    const p1 = await debtor.deal('purchase', {
      channelId: second,
      date: '2026-03-01',
      price: 300,
      external: { name: 'Продавец' },
    });
    const p2 = await debtor.deal('purchase', {
      channelId: main,
      date: '2026-03-02',
      price: 800,
      dueDate: shiftDay(today, -2),
    });
    await debtor.pay(p2, 100.25, '2026-03-03');

    const response = await get(debtor.headers, '/api/finance/debts');
    expect(response.statusCode, response.body).toBe(200);
    const debts = response.json();
    const ref = (id: number) => ({
      id,
      name: id === main ? 'Основной' : 'Второй',
      iconLink: id === main ? expect.any(String) : null,
    });
    expect(debts.receivable.items.map((d: { dealId: number }) => d.dealId)).toEqual([
      s1.id,
      s7.id,
      s2.id,
      s3.id,
      s4.id,
      s5.id,
    ]);
    expect(debts.receivable.items.map((d: { daysOverdue: number }) => d.daysOverdue)).toEqual([
      10, 1, 1, 0, 0, 0,
    ]);
    expect(debts.receivable).toMatchObject({ total: 1000 + 1500 + 700.5 + 3000 + 400 + 500, count: 6 });
    expect(debts.receivable.items[0]).toEqual({
      dealId: s1.id,
      channel: ref(main),
      counterpart: client,
      dealDate: '2026-02-01',
      price: 1000,
      paidAmount: 0,
      due: 1000,
      paymentDueDate: shiftDay(today, -10),
      daysOverdue: 10,
    });
    expect(debts.receivable.items[2]).toMatchObject({
      counterpart: { name: 'Иван', username: 'ivan' },
      paidAmount: 500,
      due: 1500,
    });
    expect(debts.receivable.items[1].counterpart).toBeNull();
    expect(debts.payable).toEqual({
      total: 300 + 699.75,
      count: 2,
      items: [
        expect.objectContaining({ dealId: p2.id, due: 699.75, daysOverdue: 2, channel: ref(main) }),
        expect.objectContaining({
          dealId: p1.id,
          counterpart: { name: 'Продавец', username: null },
          paymentDueDate: null,
          daysOverdue: 0,
        }),
      ],
    });

    const narrowed = (await get(debtor.headers, `/api/finance/debts?channelId=${second}`)).json();
    expect(narrowed).toEqual({
      receivable: { total: 500, count: 1, items: [expect.objectContaining({ dealId: s5.id })] },
      payable: { total: 300, count: 1, items: [expect.objectContaining({ dealId: p1.id })] },
    });
  });

  it('leaves a cancelled deal out of income, spend and debts, keeps its payment in cash, and takes it back', async () => {
    const team = await ledgerTeam(app, 'finance-cancels', ['Канал']);
    const channelId = team.channelIds[0] as number;
    const may = { from: '2026-05-01', to: '2026-05-31' };
    const sale = await team.deal('sale', {
      channelId,
      date: '2026-05-10',
      price: 1000,
      dueDate: '2026-05-20',
    });
    await team.pay(sale, 300, '2026-05-12');
    const open = await team.deal('sale', { channelId, date: '2026-05-11', price: 500 });
    // Created cancelled ('Отменена' of purchases): never spend by deal date, never a debt.
    await team.deal('purchase', { channelId, date: '2026-05-10', price: 200, statusId: 16 });
    const setStatus = async (statusId: number) => {
      const response = await team.send('PATCH', `/api/sale/${sale.id}`, { statusId, version: sale.version });
      expect(response.statusCode, response.body).toBe(200);
      sale.version = (response.json() as { version: number }).version;
    };
    const debts = async () => {
      const response = await get(team.headers, '/api/finance/debts');
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const counted = {
      accrual: {
        income: 1500,
        spend: 0,
        profit: 1500,
        byChannel: [expect.objectContaining({ income: 1500, deals: 2 })],
      },
      cash: {
        income: 300,
        spend: 0,
        profit: 300,
        byChannel: [expect.objectContaining({ income: 300, deals: 2 })],
      },
      debts: {
        receivable: {
          total: 700 + 500,
          count: 2,
          items: [
            expect.objectContaining({ dealId: sale.id, due: 700 }),
            expect.objectContaining({ dealId: open.id, due: 500 }),
          ],
        },
        payable: { total: 0, count: 0, items: [] },
      },
    };
    const check = async (expected: typeof counted) => {
      expect(await summary(team.headers, { ...may, basis: 'accrual' })).toMatchObject(expected.accrual);
      expect(await summary(team.headers, { ...may, basis: 'cash' })).toMatchObject(expected.cash);
      expect(await debts()).toEqual(expected.debts);
    };
    await check(counted);

    // 'Отменена': by deal date only the other sale is left; the 300 received still came in on 12 May.
    await setStatus(7);
    await check({
      accrual: {
        income: 500,
        spend: 0,
        profit: 500,
        byChannel: [expect.objectContaining({ income: 500, deals: 1 })],
      },
      cash: {
        income: 300,
        spend: 0,
        profit: 300,
        byChannel: [expect.objectContaining({ income: 300, deals: 1 })],
      },
      debts: {
        receivable: { total: 500, count: 1, items: [expect.objectContaining({ dealId: open.id })] },
        payable: { total: 0, count: 0, items: [] },
      },
    });
    // Back to 'Ожидает оплаты': everything as before the cancellation.
    await setStatus(3);
    await check(counted);
  });

  it('gives the average CPM of the period’s deals with views, as computed from the deals themselves', async () => {
    const team = await ledgerTeam(app, 'finance-cpm', ['Первый', 'Второй']);
    const [first, second] = team.channelIds as [number, number];
    // The post watcher (modules/post) writes a deal's views; here SQL does.
    const views = (id: number, value: number | null) =>
      app.db.execute(
        sql`update deals set post_views = ${value} where team_id = ${team.teamId} and id = ${id}`,
      );
    const deal = async (
      kind: DealKind,
      values: { channelId: number; date: string; price: number; views: number | null; statusId?: number },
    ) => {
      const record = await team.deal(kind, values);
      await views(record.id, values.views);
      return record;
    };
    await deal('sale', { channelId: first, date: '2026-05-03', price: 1000, views: 4000 });
    await deal('sale', { channelId: first, date: '2026-05-10', price: 2500.5, views: 7000 });
    await deal('sale', { channelId: second, date: '2026-05-12', price: 900, views: 1000 });
    // Views 0, none known, cancelled ('Отменена', 7 and 16), deleted, or in the month before: left out.
    await deal('sale', { channelId: first, date: '2026-05-15', price: 5000, views: 0 });
    await deal('sale', { channelId: first, date: '2026-05-16', price: 3000, views: null });
    await deal('sale', { channelId: first, date: '2026-05-17', price: 7777, views: 9999, statusId: 7 });
    const deleted = await deal('sale', { channelId: first, date: '2026-05-18', price: 8888, views: 2222 });
    await app.db.execute(
      sql`update deals set deleted_at = now() where team_id = ${team.teamId} and id = ${deleted.id}`,
    );
    await deal('sale', { channelId: first, date: '2026-04-30', price: 100, views: 100 });
    await deal('purchase', { channelId: first, date: '2026-05-05', price: 1234.56, views: 3333 });
    await deal('purchase', { channelId: second, date: '2026-05-06', price: 600, views: 2000 });
    await deal('purchase', { channelId: first, date: '2026-05-07', price: 700, views: 5000, statusId: 16 });

    const may = { from: '2026-05-01', to: '2026-05-31' };
    /** The figure computed from the deals themselves, not the roll-up. */
    const fromDeals = async (channelId?: number) => {
      const rows = (
        await app.db.execute(sql`
          select d.kind, round(sum(d.price) * 1000 / sum(d.post_views), 2) as cpm
          from deals d join deal_statuses s on s.id = d.status_id
          where d.team_id = ${team.teamId} and d.deleted_at is null and not s.cancels and d.post_views > 0
            and d.deal_date between ${may.from} and ${may.to}
            ${channelId === undefined ? sql`` : sql`and d.channel_id = ${channelId}`}
          group by d.kind`)
      ).rows as { kind: DealKind; cpm: string }[];
      const of = (kind: DealKind) => rows.find((r) => r.kind === kind);
      return {
        sale: of('sale') ? Number(of('sale')?.cpm) : null,
        purchase: of('purchase') ? Number(of('purchase')?.cpm) : null,
      };
    };
    const expected = [
      {
        channelId: undefined,
        cpm: { sale: cpmOf(1000 + 2500.5 + 900, 12_000), purchase: cpmOf(1834.56, 5333) },
      },
      { channelId: first, cpm: { sale: cpmOf(3500.5, 11_000), purchase: cpmOf(1234.56, 3333) } },
      { channelId: second, cpm: { sale: 900, purchase: 300 } },
    ];
    expect(expected[0]?.cpm).toEqual({ sale: 366.71, purchase: 344 });
    for (const { channelId, cpm } of expected) {
      for (const basis of ['accrual', 'cash'] as const) {
        const answer = await summary(team.headers, { ...may, basis, ...(channelId && { channelId }) });
        expect(answer.cpm).toEqual(cpm);
        expect(answer.cpm).toEqual(await fromDeals(channelId));
      }
    }
    // No deal of the period with views: none of either kind.
    expect((await summary(team.headers, { from: '2026-06-01', to: '2026-06-30' })).cpm).toEqual({
      sale: null,
      purchase: null,
    });
    expect((await summary(team.headers, { from: '2026-04-01', to: '2026-04-30' })).cpm).toEqual({
      sale: 1000,
      purchase: null,
    });
  });

  it(`lists at most ${DEBT_ITEMS_LIMIT} debts of a side and counts them all`, async () => {
    const many = await ledgerTeam(app, 'finance-many', ['Сеть']);
    await app.db.execute(sql`
      insert into deals (team_id, kind, channel_id, status_id, placement_at, duration_type, price, deal_date, payment_due_date)
      select ${many.teamId}::bigint, 'sale', ${many.channelIds[0]}::bigint, 1, now(), 'INFINITY', 1000.01,
        date '2026-01-01' + g, date '2026-02-01' + g
      from generate_series(1, ${DEBT_ITEMS_LIMIT + 5}::int) g`);
    const debts = (await get(many.headers, '/api/finance/debts')).json();
    expect(debts.receivable.count).toBe(DEBT_ITEMS_LIMIT + 5);
    expect(debts.receivable.total).toBe(roubles(cents(1000.01) * (DEBT_ITEMS_LIMIT + 5)));
    expect(debts.receivable.items).toHaveLength(DEBT_ITEMS_LIMIT);
    expect(debts.receivable.items[0].paymentDueDate).toBe('2026-02-02');
    expect(debts.payable).toEqual({ total: 0, count: 0, items: [] });
  });
});
