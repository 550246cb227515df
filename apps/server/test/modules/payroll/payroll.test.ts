import { CHANNEL_ROLE } from '@addesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelEmployees, channels, employees } from '../../../src/db/schema/index.js';
import { parseCsv, parseXlsx, russianName } from '../../helpers/files.js';
import { createTestApp, sameOrigin } from '../../helpers/test-app.js';
import { sessionAs, signInWith } from '../../helpers/users.js';

// Pay by the terms given (docs/decisions/026): each salary type against sums this test computes, the period's edges
// in the team's zone (Moscow), cancelled and deleted deals, payouts above what accrued, and who sees whose pay.

const MARCH = { from: '2026-03-01', to: '2026-03-31' };
const SALARY = { fixed: 1, salesPercent: 2, purchasesPercent: 3, perPost: 4 };
type Who = { cookie: string };

describe('payroll', () => {
  let app: FastifyInstance;
  let owner: Who;
  let teamId: number;
  let channel: number;
  const people: Record<'seller' | 'buyer' | 'poster' | 'salaried', { id: number; session: Who }> =
    {} as never;

  const call = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { ...who, ...sameOrigin }, ...(payload ? { payload } : {}) });
  const ok = async (response: Awaited<ReturnType<typeof call>>, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  const payroll = (who: Who, period = MARCH) =>
    call(who, 'GET', `/api/payroll?from=${period.from}&to=${period.to}`);

  /** A deal on the channel, placed at `placement`, by `by`, with payments; answers its id. */
  async function deal(
    kind: 'sale' | 'purchase',
    by: number,
    price: number,
    placement: string,
    paid: [number, string][] = [],
  ) {
    const created = await ok(
      await call(owner, 'POST', `/api/${kind}`, {
        accommodationCondition: { accommodationTime: placement, durationType: 'INFINITY' },
        advertisementFormatId: 1,
        ...(kind === 'sale'
          ? { advertisementTypeId: 1, statusId: 1, soldByEmployeeId: by }
          : { purchasedByEmployeeId: by }),
        channelId: channel,
        price,
        [kind === 'sale' ? 'saleDate' : 'purchaseDate']: placement.slice(0, 10),
        externalChannel: { name: 'Контрагент' },
        externalChannelInfo: { name: 'Контрагент' },
      }),
      201,
    );
    for (const [amount, paidAt] of paid)
      await ok(await call(owner, 'POST', `/api/${kind}/${created.id}/payments`, { amount, paidAt }), 201);
    return created.id as number;
  }

  beforeAll(async () => {
    app = await createTestApp();
    const signed = await signInWith(app, 'payroll-owner');
    owner = signed.headers;
    teamId = signed.member.teamId;
    const [row] = await app.db
      .insert(channels)
      .values({
        teamId,
        name: 'Канал зарплат',
        telegramNickName: 'pay_channel',
        ownerEmployeeId: signed.member.employeeId,
      })
      .returning({ id: channels.id });
    channel = row?.id ?? 0;
    const terms = {
      seller: [CHANNEL_ROLE.sales, SALARY.salesPercent, 10],
      buyer: [CHANNEL_ROLE.purchases, SALARY.purchasesPercent, 5],
      poster: [CHANNEL_ROLE.content, SALARY.perPost, 500],
      salaried: [CHANNEL_ROLE.admin, SALARY.fixed, 30_000],
    } as const;
    for (const [who, [role, salaryTypeId, rate]] of Object.entries(terms)) {
      const id = (await ok(await call(owner, 'POST', '/api/employee', { firstName: who }), 201)).id as number;
      await ok(
        await call(owner, 'POST', `/api/employee/${id}/assignOnChannel`, {
          channelId: channel,
          employeeChannelRoleId: role,
          salaryTypeId,
          rate,
        }),
      );
      people[who as keyof typeof people] = { id, session: await sessionAs(app, teamId, id) };
    }
    // The roles were given long before March: a fixed salary counts from the day its role was given.
    await app.db
      .update(channelEmployees)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(and(eq(channelEmployees.teamId, teamId)));

    // 10 000 of which 6 000 received in March (10 % of it is the seller's) and 4 000 in April.
    await deal('sale', people.seller.id, 10_000, '2026-03-31T21:30:00Z', [
      [6_000, '2026-03-10'],
      [4_000, '2026-04-02'],
    ]);
    // Placed 1 March 00:10 in Moscow (28 February in UTC): a March post.
    await deal('sale', people.seller.id, 3_000, '2026-03-01T00:10:00+03:00');
    // Cancelled and deleted deals earn nothing, whatever was paid for them.
    const cancelled = await deal('sale', people.seller.id, 5_000, '2026-03-05T12:00:00+03:00', [
      [5_000, '2026-03-05'],
    ]);
    const current = await ok(await call(owner, 'GET', `/api/sale/${cancelled}`));
    await ok(await call(owner, 'PATCH', `/api/sale/${cancelled}`, { statusId: 7, version: current.version }));
    const deleted = await deal('sale', people.seller.id, 2_000, '2026-03-06T12:00:00+03:00', [
      [2_000, '2026-03-06'],
    ]);
    expect((await call(owner, 'DELETE', `/api/sale/${deleted}`)).statusCode).toBe(204);
    await deal('purchase', people.buyer.id, 8_000, '2026-03-12T12:00:00+03:00', [[8_000, '2026-03-12']]);
    // Paid more than accrued: an overpayment.
    await ok(
      await call(owner, 'POST', `/api/employee/${people.salaried.id}/payouts`, {
        amount: 35_000,
        date: '2026-03-31',
      }),
      201,
    );
  });
  afterAll(() => app.close());

  it('accrues each salary type by its rate, within the period in the team’s zone', async () => {
    const { items, total } = await ok(await payroll(owner));
    const byName = Object.fromEntries(items.map((i: { name: string }) => [i.name, i]));
    expect(byName.seller).toMatchObject({ accrued: 600, paid: 0, due: 600 });
    expect(byName.seller.lines).toEqual([
      expect.objectContaining({ salaryTypeId: SALARY.salesPercent, rate: 10, basis: 6_000, amount: 600 }),
    ]);
    expect(byName.buyer).toMatchObject({ accrued: 400, due: 400 });
    // One post in March: the 1 March one; the 31 March 21:30 UTC one went out on 1 April in Moscow.
    expect(byName.poster.lines[0]).toMatchObject({ basis: 1, amount: 500 });
    expect(byName.salaried).toMatchObject({ accrued: 30_000, paid: 35_000, due: -5_000 });
    expect(total).toEqual({ accrued: 31_500, paid: 35_000, due: -3_500 });
    // The owner is listed too, at zero.
    expect(items).toHaveLength(5);

    const april = await ok(await payroll(owner, { from: '2026-04-01', to: '2026-04-30' }));
    const aprilOf = (name: string) => april.items.find((i: { name: string }) => i.name === name);
    expect(aprilOf('seller').accrued).toBe(400);
    expect(aprilOf('poster').accrued).toBe(500);
    // Half of March: 15 of its 31 days of the fixed salary.
    const half = await ok(await payroll(owner, { from: '2026-03-01', to: '2026-03-15' }));
    expect(half.items.find((i: { name: string }) => i.name === 'salaried').accrued).toBe(14_516.13);
    // Across two months each counts against its own length: 14 of February's 28 days and 15 of March's 31.
    const across = await ok(await payroll(owner, { from: '2026-02-15', to: '2026-03-15' }));
    const acrossLine = across.items.find((i: { name: string }) => i.name === 'salaried').lines[0];
    expect(acrossLine).toMatchObject({ basis: 0.9839, amount: 29_516.13 });
  });

  it("reads a month's bases by its row as the days of its halves give them", async () => {
    // A calendar month (the screen's) joins the month's rows of the roll-up; a half month reads its days. Every
    // percent and per-post basis of the month must be the sum of its halves', line by line.
    type Line = { channelId: number; roleId: number; salaryTypeId: number; basis: number };
    type Item = { employeeId: number; lines: Line[] };
    const bases = async (period: { from: string; to: string }) => {
      const { items } = (await ok(await payroll(owner, period))) as { items: Item[] };
      return new Map(
        items.flatMap((item) =>
          item.lines
            .filter((line) => line.salaryTypeId !== SALARY.fixed)
            .map((line) => [`${item.employeeId}/${line.channelId}/${line.roleId}`, line.basis]),
        ),
      );
    };
    for (const [from, middle, to] of [
      ['2026-03-01', '2026-03-15', '2026-03-31'],
      ['2026-04-01', '2026-04-15', '2026-04-30'],
    ] as const) {
      const month = await bases({ from, to });
      const first = await bases({ from, to: middle });
      const second = await bases({ from: `${middle.slice(0, 8)}16`, to });
      expect(month.size).toBe(3);
      expect([...month.values()].some((basis) => basis > 0)).toBe(true);
      for (const [key, basis] of month) {
        expect(basis, key).toBe((first.get(key) ?? 0) + (second.get(key) ?? 0));
      }
    }
  });

  it('shows one person the deals behind their pay, and the payouts', async () => {
    const mine = await ok(
      await call(
        people.seller.session,
        'GET',
        `/api/employee/${people.seller.id}/payroll?from=${MARCH.from}&to=${MARCH.to}`,
      ),
    );
    expect(mine.accrued).toBe(600);
    expect(mine.deals.map((d: { price: number; received: number }) => [d.price, d.received])).toEqual([
      [10_000, 6_000],
    ]);
    const salaried = await ok(
      await call(
        owner,
        'GET',
        `/api/employee/${people.salaried.id}/payroll?from=${MARCH.from}&to=${MARCH.to}`,
      ),
    );
    expect(salaried.payouts).toEqual([
      expect.objectContaining({ amount: 35_000, date: '2026-03-31', paymentMethodId: null }),
    ]);
    expect(salaried).toMatchObject({ deals: [], dealsTotal: 0 });
    // Paid per post: the sale placed on the channel in the period, the line's one post.
    const poster = await ok(
      await call(owner, 'GET', `/api/employee/${people.poster.id}/payroll?from=${MARCH.from}&to=${MARCH.to}`),
    );
    expect(poster).toMatchObject({ dealsTotal: 1, deals: [expect.objectContaining({ kind: 'sale' })] });
  });

  it("each person's page holds their line of the payroll, its paid the sum of the payouts it lists", async () => {
    const { items } = await ok(await payroll(owner));
    expect(items.map((item: { name: string }) => item.name)).toEqual(
      expect.arrayContaining(['seller', 'buyer', 'poster', 'salaried']),
    );
    for (const item of items) {
      const {
        deals: _,
        dealsTotal: __,
        payouts,
        ...pay
      } = await ok(
        await call(
          owner,
          'GET',
          `/api/employee/${item.employeeId}/payroll?from=${MARCH.from}&to=${MARCH.to}`,
        ),
      );
      expect(pay).toEqual(item);
      expect(pay.paid).toBe(
        payouts.reduce((sum: number, payout: { amount: number }) => sum + payout.amount, 0),
      );
    }
  });

  it('the payouts are the /finance salaries of the same period, and lower its profit', async () => {
    const finance = await ok(
      await call(owner, 'GET', `/api/finance/summary?from=${MARCH.from}&to=${MARCH.to}`),
    );
    const { total } = await ok(await payroll(owner));
    expect(finance.salaries).toBe(total.paid);
    expect(finance.profit).toBe(Math.round((finance.income - finance.spend - finance.salaries) * 100) / 100);
    expect(finance.series.reduce((sum: number, p: { salaries: number }) => sum + p.salaries, 0)).toBe(35_000);
  });

  /** A money column of a CSV as numbers, by its header. */
  const column = (rows: string[][], header: string) => {
    const at = rows[0]?.indexOf(header) ?? -1;
    expect(at, header).toBeGreaterThanOrEqual(0);
    return rows.slice(1).map((row) => (row[at] ? Number(row[at].replace(',', '.')) : 0));
  };
  const sum = (values: number[]) => Math.round(values.reduce((s, v) => s + v, 0) * 100) / 100;
  const file = async (who: Who, url: string) => {
    const response = await call(who, 'GET', url);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response;
  };

  it('the payroll file sums to the screen: a row per role with its accrual, a row per payout', async () => {
    const { total, items } = await ok(await payroll(owner));
    const csv = parseCsv(
      (await file(owner, `/api/payroll/export?from=${MARCH.from}&to=${MARCH.to}`)).rawPayload,
    );
    expect(csv[0]).toEqual([
      'Сотрудник',
      'Канал',
      'Роль',
      'Тип оплаты',
      'Ставка',
      'База',
      'Начислено',
      'Дата выплаты',
      'Выплачено',
      'Примечание',
    ]);
    expect(sum(column(csv, 'Начислено'))).toBe(total.accrued);
    expect(sum(column(csv, 'Выплачено'))).toBe(total.paid);
    const names = items.map((i: { name: string }) => i.name);
    expect([...new Set(csv.slice(1).map((row) => row[0]))]).toEqual(
      names.filter((name: string) => csv.some((row) => row[0] === name)),
    );
    expect(csv.find((row) => row[0] === 'seller')?.slice(1, 7)).toEqual([
      'Канал зарплат',
      'Менеджер по продажам',
      'Процент от продаж',
      '10,00',
      '6000,00',
      '600,00',
    ]);
    expect(
      csv
        .slice(1)
        .find((row) => row[7] !== '')
        ?.slice(7),
    ).toEqual(['31.03.2026', '35000,00', '']);

    const xlsx = await file(owner, `/api/payroll/export?from=${MARCH.from}&to=${MARCH.to}&format=xlsx`);
    expect(russianName(xlsx.headers['content-disposition'] as string)).toBe(
      'Зарплаты-2026-03-01-2026-03-31.xlsx',
    );
    const { rows } = await parseXlsx(xlsx.rawPayload);
    expect(sum(rows.slice(1).map((row) => Number(row[6] ?? 0)))).toBe(total.accrued);
    expect(rows.slice(1).find((row) => row[8])?.[7]).toEqual(new Date('2026-03-31T00:00:00Z'));

    // A person's file is their own pay, as their screen is.
    const own = parseCsv(
      (await file(people.seller.session, `/api/payroll/export?from=${MARCH.from}&to=${MARCH.to}`)).rawPayload,
    );
    expect(own.slice(1).map((row) => row[0])).toEqual(['seller']);
    expect((await call(owner, 'GET', '/api/payroll/export?from=2026-03-31&to=2026-03-01')).statusCode).toBe(
      400,
    );
  });

  it('the finance files carry the payouts as the summary does: whole team only, spend beside purchases', async () => {
    const period = `from=${MARCH.from}&to=${MARCH.to}`;
    for (const basis of ['accrual', 'cash']) {
      const summary = await ok(await call(owner, 'GET', `/api/finance/summary?${period}&basis=${basis}`));
      const rows = parseCsv((await file(owner, `/api/finance/export?${period}&basis=${basis}`)).rawPayload);
      expect(sum(column(rows, 'Доход')), basis).toBe(summary.income);
      expect(sum(column(rows, 'Расход')), basis).toBe(
        Math.round((summary.spend + summary.salaries) * 100) / 100,
      );
      expect(rows.filter((row) => row[1] === 'Зарплата').map((row) => [row[0], row[3], row[5]])).toEqual([
        ['31.03.2026', 'salaried', '35000,00'],
      ]);
      const channelRows = parseCsv(
        (await file(owner, `/api/finance/export?${period}&basis=${basis}&channelId=${channel}`)).rawPayload,
      );
      expect(channelRows.filter((row) => row[1] === 'Зарплата')).toEqual([]);
    }
  });

  it('each person sees their own pay, nobody else’s; only the owner pays out', async () => {
    const { items } = await ok(await payroll(people.seller.session));
    expect(items.map((i: { name: string }) => i.name)).toEqual(['seller']);
    // The administrator sees the channel's people, not their pay.
    const refused = await call(
      people.salaried.session,
      'GET',
      `/api/employee/${people.seller.id}/payroll?from=${MARCH.from}&to=${MARCH.to}`,
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await call(people.seller.session, 'GET', `/api/employee/${people.buyer.id}/payouts`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(people.seller.session, 'POST', `/api/employee/${people.seller.id}/payouts`, {
          amount: 1,
          date: '2026-03-01',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses bad payouts and rates in Russian, writing nothing', async () => {
    const bad = await call(owner, 'POST', `/api/employee/${people.seller.id}/payouts`, {
      amount: -5,
      date: '31.03.2026',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['amount', 'date']);
    const percent = await call(owner, 'POST', `/api/employee/${people.seller.id}/assignOnChannel`, {
      channelId: channel,
      employeeChannelRoleId: CHANNEL_ROLE.sales,
      salaryTypeId: SALARY.salesPercent,
      rate: 150,
    });
    expect(percent.statusCode).toBe(400);
    expect(percent.json().message).toBe('Процент не может быть больше 100');
    const still = await ok(await call(owner, 'GET', `/api/employee/${people.seller.id}/assignedChannels`));
    expect(still[0].rate).toBe(10);
    const foreign = await call(owner, 'POST', `/api/employee/${people.seller.id}/payouts`, {
      amount: 100,
      date: '2026-03-01',
      paymentMethodId: 999_999,
    });
    expect(foreign.statusCode).toBe(400);
    expect((await ok(await payroll(owner))).total.paid).toBe(35_000);
  });

  it('deletes a payout, and the pay and the finance follow', async () => {
    const [payout] = await ok(await call(owner, 'GET', `/api/employee/${people.salaried.id}/payouts`));
    expect(
      (await call(owner, 'DELETE', `/api/employee/${people.salaried.id}/payouts/${payout.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await call(owner, 'DELETE', `/api/employee/${people.salaried.id}/payouts/${payout.id}`)).statusCode,
    ).toBe(404);
    const { total } = await ok(await payroll(owner));
    expect(total).toEqual({ accrued: 31_500, paid: 0, due: 31_500 });
    const finance = await ok(
      await call(owner, 'GET', `/api/finance/summary?from=${MARCH.from}&to=${MARCH.to}`),
    );
    expect(finance.salaries).toBe(0);
  });

  it('lists a person who left only while a payout of the period names them', async () => {
    const hire = async (firstName: string) =>
      (await ok(await call(owner, 'POST', '/api/employee', { firstName }), 201)).id as number;
    const [paid, unpaid] = [await hire('leaver-paid'), await hire('leaver-unpaid')];
    await ok(
      await call(owner, 'POST', `/api/employee/${paid}/payouts`, { amount: 1000, date: '2026-03-10' }),
      201,
    );
    const listed = async () =>
      ((await ok(await payroll(owner))).items as { employeeId: number; paid: number }[]).filter((item) =>
        [paid, unpaid].includes(item.employeeId),
      );
    expect((await listed()).map((item) => item.employeeId).sort()).toEqual([paid, unpaid].sort());
    await app.db
      .update(employees)
      .set({ removedAt: new Date() })
      .where(and(eq(employees.teamId, teamId), inArray(employees.id, [paid, unpaid])));
    expect(await listed()).toEqual([expect.objectContaining({ employeeId: paid, paid: 1000 })]);
    const april = await ok(await payroll(owner, { from: '2026-04-01', to: '2026-04-30' }));
    expect(april.items.some((item: { employeeId: number }) => item.employeeId === paid)).toBe(false);
  });
});
