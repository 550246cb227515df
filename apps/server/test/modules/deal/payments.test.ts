import {
  type DealKind,
  type DealSummary,
  dealVocabulary,
  MAX_PAYMENTS_PER_DEAL,
  OVERPAID,
  type PaymentState,
  paymentStateOf,
  paymentStates,
} from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf, shiftDay } from '../../../src/lib/dates.js';
import { callerOf, countRows } from '../../helpers/team.js';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

type Headers = { cookie: string };
type Deal = {
  id: number;
  version: number;
  price: number;
  paidAmount: number;
  paymentDueDate: string | null;
  paymentState: string;
  status: { id: number; name: string };
};
type Summary = DealSummary;

// Two zones a day apart at every hour (UTC+14 and UTC−11): a due date that is today in one has passed in the other.
const EAST = 'Pacific/Kiritimati';
const WEST = 'Pacific/Pago_Pago';

describe.each(['sale', 'purchase'] as const)('%s payments and totals', (kind: DealKind) => {
  const f = { path: dealVocabulary[kind].path, ...dealVocabulary[kind].names };
  const base = `/api/${f.path}`;
  let app: FastifyInstance;
  let mine: Headers;
  let theirs: Headers;
  let teamId: number;
  let channelId: number;
  let otherChannelId: number;
  let theirChannelId: number;

  const get = (headers: Headers, url: string) => app.inject({ url, headers });
  const send = (
    method: 'POST' | 'PATCH' | 'DELETE',
    headers: Headers,
    url: string,
    payload?: object,
    extra: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { ...headers, ...sameOrigin, ...extra },
      ...(payload && { payload }),
    });

  const create = async (headers: Headers, overrides: Record<string, unknown> = {}): Promise<Deal> => {
    const response = await send('POST', headers, base, {
      accommodationCondition: { accommodationTime: '2026-05-20T15:30:00+03:00' },
      advertisementFormatId: 1,
      ...(kind === 'sale' ? { advertisementTypeId: 2, statusId: 1 } : {}),
      channelId: headers === theirs ? theirChannelId : channelId,
      [f.external]: { name: 'Большой канал' },
      price: 1000,
      [f.date]: '2026-05-18',
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const pay = (headers: Headers, dealId: number, body: object, extra: Record<string, string> = {}) =>
    send('POST', headers, `${base}/${dealId}/payments`, body, extra);
  const read = async (dealId: number): Promise<Deal> => (await get(mine, `${base}/${dealId}`)).json();
  const setZone = async (timeZone: string) => {
    const settings = (await get(mine, '/api/settings')).json();
    const response = await send('PATCH', mine, '/api/settings', { ...settings, timeZone });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    app = await createTestApp();
    mine = await signInDemo(app, `${kind}-pay-mine`);
    theirs = await signInDemo(app, `${kind}-pay-theirs`);
    teamId = (await callerOf(app, mine)).teamId;
    const channels = (await get(mine, '/api/channel?limit=2')).json().items;
    channelId = channels[0].id;
    otherChannelId = channels[1].id;
    theirChannelId = (await get(theirs, '/api/channel?limit=1')).json().items[0].id;
  });
  afterAll(() => app.close());

  it('starts unpaid, takes payments with kopecks up to the price, and is paid in full at the price', async () => {
    const deal = await create(mine, { price: 1000.5 });
    expect(deal).toMatchObject({ paidAmount: 0, paymentDueDate: null, paymentState: 'UNPAID' });

    const first = await pay(mine, deal.id, { amount: 0.1, paidAt: '2026-05-19', note: 'аванс' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      amount: 0.1,
      paidAt: '2026-05-19',
      note: 'аванс',
    });
    expect((await pay(mine, deal.id, { amount: 0.2, paidAt: '2026-05-20' })).statusCode).toBe(201);
    expect(await read(deal.id)).toMatchObject({ paidAmount: 0.3, paymentState: 'PARTLY_PAID' });

    expect((await pay(mine, deal.id, { amount: 1000.2, paidAt: '2026-05-21' })).statusCode).toBe(201);
    expect(await read(deal.id)).toMatchObject({ paidAmount: 1000.5, paymentState: 'PAID' });
    const listed = (await get(mine, `${base}/${deal.id}/payments`)).json();
    expect(listed.map((p: { amount: number; note: string | null }) => [p.amount, p.note])).toEqual([
      [0.1, 'аванс'],
      [0.2, null],
      [1000.2, null],
    ]);
  });

  describe("a full payment and the status (issue 33: 'Оплачена' beside 'Оплачено')", () => {
    type Event = { action: string; changes: { field: string; from: unknown; to: unknown }[] };
    const statusNamed = async (name: string) => {
      const statuses: { id: number; name: string }[] = (await get(mine, `${base}/statuses`)).json();
      const status = statuses.find((s) => s.name === name);
      if (!status) throw new Error(`no status ${name}`);
      return status.id;
    };
    const history = async (dealId: number): Promise<Event[]> =>
      (await get(mine, `${base}/${dealId}/history`)).json().items;

    it('starts a deal created without a status in the first one, a sale as a purchase', async () => {
      const deal = await create(mine, { statusId: undefined });
      expect(deal.status).toEqual({ id: await statusNamed('Новая'), name: 'Новая' });
    });

    it("moves a deal paid in full from a status before 'Оплачена' to it, recorded as any change of status", async () => {
      const before = kind === 'sale' ? ['Новая', 'Согласована', 'Ожидает оплаты'] : ['Новая', 'Согласована'];
      for (const name of before) {
        const deal = await create(mine, { price: 1000, statusId: await statusNamed(name) });
        expect((await pay(mine, deal.id, { amount: 999.99, paidAt: '2026-05-19' })).statusCode).toBe(201);
        expect(await read(deal.id), name).toMatchObject({ status: { name }, version: deal.version });

        expect((await pay(mine, deal.id, { amount: 0.01, paidAt: '2026-05-20' })).statusCode).toBe(201);
        const paid = await read(deal.id);
        expect(paid, name).toMatchObject({
          status: { id: await statusNamed('Оплачена'), name: 'Оплачена' },
          paymentState: 'PAID',
          version: deal.version + 1,
        });
        const [moved, payment] = await history(deal.id);
        expect(moved, name).toMatchObject({
          action: 'update',
          changes: [{ field: 'status', from: name, to: 'Оплачена' }],
        });
        expect(payment?.action).toBe('payment_add');
        // A form opened before the payment cannot write the old status back.
        const stale = await send('PATCH', mine, `${base}/${deal.id}`, {
          statusId: deal.status.id,
          version: deal.version,
        });
        expect(stale.statusCode).toBe(409);
      }
    });

    it("keeps the status of a deal at or past 'Оплачена' (published, done, cancelled)", async () => {
      for (const name of ['Оплачена', 'Опубликована', 'Завершена', 'Отменена']) {
        const deal = await create(mine, { price: 700, statusId: await statusNamed(name) });
        expect((await pay(mine, deal.id, { amount: 700, paidAt: '2026-05-19' })).statusCode).toBe(201);
        expect(await read(deal.id), name).toMatchObject({
          status: { name },
          paidAmount: 700,
          version: deal.version,
        });
        expect((await history(deal.id)).map((e) => e.action)).toEqual(['payment_add', 'create']);
      }
    });

    it('writes neither the payment nor the status when the payment is refused', async () => {
      const deal = await create(mine, { price: 500, statusId: await statusNamed('Новая') });
      expect((await pay(mine, deal.id, { amount: 500.01, paidAt: '2026-05-19' })).statusCode).toBe(400);
      expect(await read(deal.id)).toMatchObject({ status: { name: 'Новая' }, paidAmount: 0, version: 1 });
    });
  });

  it('refuses a payment over what is left, and a price below what was paid, writing nothing', async () => {
    const deal = await create(mine, { price: 500 });
    expect((await pay(mine, deal.id, { amount: 300, paidAt: '2026-05-19' })).statusCode).toBe(201);
    const before = await countRows(app, 'deal_payments', teamId);

    const over = await pay(mine, deal.id, { amount: 200.01, paidAt: '2026-05-19' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ message: OVERPAID, fieldErrors: { amount: [OVERPAID] } });
    expect(await countRows(app, 'deal_payments', teamId)).toBe(before);

    const lowered = await send('PATCH', mine, `${base}/${deal.id}`, { price: 299.99, version: deal.version });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json()).toMatchObject({ message: OVERPAID, fieldErrors: { price: [OVERPAID] } });
    expect(await read(deal.id)).toMatchObject({ price: 500, paidAmount: 300, paymentState: 'PARTLY_PAID' });
    const atPaid = await send('PATCH', mine, `${base}/${deal.id}`, { price: 300, version: deal.version });
    expect(atPaid.json()).toMatchObject({ price: 300, paymentState: 'PAID' });
  });

  it('deletes a payment and takes it off what was paid; a payment twice deleted or of another deal is 404', async () => {
    const deal = await create(mine, { price: 800 });
    const other = await create(mine, { price: 800 });
    const payment = (await pay(mine, deal.id, { amount: 800, paidAt: '2026-05-19' })).json();
    expect((await send('DELETE', mine, `${base}/${other.id}/payments/${payment.id}`)).statusCode).toBe(404);
    expect((await read(deal.id)).paymentState).toBe('PAID');

    expect((await send('DELETE', mine, `${base}/${deal.id}/payments/${payment.id}`)).statusCode).toBe(204);
    expect(await read(deal.id)).toMatchObject({ paidAmount: 0, paymentState: 'UNPAID' });
    const again = await send('DELETE', mine, `${base}/${deal.id}/payments/${payment.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Оплата не найдена');
  });

  it('answers 404 for another team’s deal and payment, and counts none of theirs', async () => {
    const their = await create(theirs, { price: 700 });
    const theirPayment = (await pay(theirs, their.id, { amount: 100, paidAt: '2026-05-19' })).json();
    const mineDeal = await create(mine);
    const notFound = dealVocabulary[kind].words.notFound;

    for (const response of [
      await get(mine, `${base}/${their.id}/payments`),
      await pay(mine, their.id, { amount: 1, paidAt: '2026-05-19' }),
      await send('DELETE', mine, `${base}/${their.id}/payments/${theirPayment.id}`),
      await get(mine, `${base}/999999999/payments`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(notFound);
    }
    // Their payment through my deal's address: as missing as any other id.
    expect(
      (await send('DELETE', mine, `${base}/${mineDeal.id}/payments/${theirPayment.id}`)).statusCode,
    ).toBe(404);
    expect((await get(theirs, `${base}/${their.id}`)).json().paidAmount).toBe(100);
    const summary: Summary = (await get(mine, `${base}/summary?channelId=${theirChannelId}`)).json();
    expect(summary.count).toBe(0);
  });

  it('refuses bad payments with Russian messages and writes nothing', async () => {
    const deal = await create(mine);
    const before = await countRows(app, 'deal_payments', teamId);
    const cases: [object, string, string][] = [
      [{ amount: 0, paidAt: '2026-05-19' }, 'amount', 'Сумма должна быть больше 0'],
      [{ amount: -5, paidAt: '2026-05-19' }, 'amount', 'Сумма должна быть больше 0'],
      [{ amount: 1.005, paidAt: '2026-05-19' }, 'amount', 'Не больше двух знаков после запятой'],
      [{ amount: '100', paidAt: '2026-05-19' }, 'amount', 'Укажите сумму числом'],
      [{ amount: 100 }, 'paidAt', 'Некорректная дата оплаты'],
      [{ amount: 100, paidAt: '2026-02-30' }, 'paidAt', 'Некорректная дата оплаты'],
      [{ amount: 100, paidAt: '2026-05-19', note: 'я'.repeat(501) }, 'note', 'Не длиннее 500 символов'],
    ];
    for (const [body, field, message] of cases) {
      const response = await pay(mine, deal.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fieldErrors[field], JSON.stringify(body)).toContain(message);
    }
    expect(await countRows(app, 'deal_payments', teamId)).toBe(before);
    expect((await send('DELETE', mine, `${base}/${deal.id}/payments/abc`)).statusCode).toBe(400);
  });

  it('records one payment for a retried request with the same Idempotency-Key', async () => {
    const deal = await create(mine);
    const key = { 'idempotency-key': `pay-${kind}-1` };
    const first = await pay(mine, deal.id, { amount: 100, paidAt: '2026-05-19' }, key);
    const retry = await pay(mine, deal.id, { amount: 100, paidAt: '2026-05-19' }, key);
    expect(retry.json()).toEqual(first.json());
    expect((await read(deal.id)).paidAmount).toBe(100);
    expect((await pay(mine, deal.id, { amount: 5, paidAt: '2026-05-19' }, key)).statusCode).toBe(422);
  });

  it('never lets concurrent payments pass the price together', async () => {
    const deal = await create(mine, { price: 500 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => pay(mine, deal.id, { amount: 100, paidAt: '2026-05-19' })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
    expect(await read(deal.id)).toMatchObject({ paidAmount: 500, paymentState: 'PAID' });
    expect((await get(mine, `${base}/${deal.id}/payments`)).json()).toHaveLength(5);
  });

  it(`takes at most ${MAX_PAYMENTS_PER_DEAL} payments per deal`, async () => {
    const deal = await create(mine, { price: 1000 });
    for (let i = 0; i < MAX_PAYMENTS_PER_DEAL; i++) {
      expect((await pay(mine, deal.id, { amount: 1, paidAt: '2026-05-19' })).statusCode).toBe(201);
    }
    const refused = await pay(mine, deal.id, { amount: 1, paidAt: '2026-05-19' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`Не больше ${MAX_PAYMENTS_PER_DEAL} оплат по одной сделке`);
    expect((await read(deal.id)).paidAmount).toBe(MAX_PAYMENTS_PER_DEAL);
  });

  it('is overdue after the due date in the team’s zone, not the server’s nor Moscow’s', async () => {
    // Today in the western zone is yesterday in the eastern one, at any hour.
    const westToday = dayOf(new Date(), WEST);
    const eastToday = dayOf(new Date(), EAST);
    expect(shiftDay(westToday, 1) <= eastToday).toBe(true);
    const deal = await create(mine, { price: 1000, paymentDueDate: westToday });
    const partly = await create(mine, { price: 1000, paymentDueDate: eastToday });
    await pay(mine, partly.id, { amount: 1, paidAt: westToday });
    const paid = await create(mine, { price: 1000, paymentDueDate: '2020-01-01' });
    await pay(mine, paid.id, { amount: 1000, paidAt: westToday });

    await setZone(WEST);
    expect((await read(deal.id)).paymentState).toBe('UNPAID');
    await setZone(EAST);
    expect((await read(deal.id)).paymentState).toBe('OVERDUE');
    expect((await read(partly.id)).paymentState).toBe('PARTLY_PAID');
    expect((await read(paid.id)).paymentState).toBe('PAID');
    // Due date on the team's today: not yet overdue; removed: never.
    const dueToday = await create(mine, { price: 10, paymentDueDate: eastToday });
    expect(dueToday.paymentState).toBe('UNPAID');
    const cleared = await send('PATCH', mine, `${base}/${deal.id}`, {
      paymentDueDate: null,
      version: deal.version,
    });
    expect(cleared.json()).toMatchObject({ paymentDueDate: null, paymentState: 'UNPAID' });
    await setZone('Europe/Moscow');
  });

  describe('the filter and the totals', () => {
    let deals: Deal[];
    let today: string;
    let cancelledStatus: number;

    beforeAll(async () => {
      // The team's second channel has only these deals: the other tests write to the first.
      const channel = otherChannelId;
      const statuses: { id: number; name: string }[] = (await get(mine, `${base}/statuses`)).json();
      cancelledStatus = statuses.find((status) => status.name === 'Отменена')?.id ?? 0;
      today = dayOf(new Date(), 'Europe/Moscow');
      const specs = [
        { price: 1000, paid: 0, due: null },
        { price: 2000.5, paid: 500.25, due: null },
        { price: 300, paid: 300, due: shiftDay(today, -3) },
        { price: 4000, paid: 0, due: shiftDay(today, -1) },
        { price: 500, paid: 100, due: shiftDay(today, -10) },
        { price: 600, paid: 0, due: today },
        { price: 0, paid: 0, due: shiftDay(today, -5) },
        // Cancelled: in the list and its count, never in its money (docs/decisions/016).
        { price: 700, paid: 200, due: shiftDay(today, -2), cancelled: true },
      ];
      for (const [i, spec] of specs.entries()) {
        const deal = await create(mine, {
          channelId: channel,
          price: spec.price,
          paymentDueDate: spec.due,
          ...('cancelled' in spec && { statusId: cancelledStatus }),
          [f.date]: `2026-03-${String(10 + i).padStart(2, '0')}`,
          [f.external]: { name: i % 2 ? 'Чётный канал' : 'Нечётный канал' },
        });
        if (spec.paid > 0) await pay(mine, deal.id, { amount: spec.paid, paidAt: today });
      }
      deals = (await get(mine, `${base}/filter?channelId=${channel}&limit=50`)).json().items;
      // The demo team's own deals on this channel come along.
      expect(deals.length).toBeGreaterThanOrEqual(specs.length);
    });

    const sums = (list: Deal[]): Summary => {
      const kopecks = (n: number) => Math.round(n * 100);
      const money = list.filter((d) => d.status.name !== 'Отменена');
      const sum = (pick: (d: Deal) => number) => money.reduce((s, d) => s + kopecks(pick(d)), 0) / 100;
      return {
        count: list.length,
        total: sum((d) => d.price),
        paid: sum((d) => d.paidAmount),
        unpaid: sum((d) => d.price - d.paidAmount),
        overdue: sum((d) => (d.paymentState === 'OVERDUE' ? d.price - d.paidAmount : 0)),
        cancelled: {
          count: list.length - money.length,
          amount: list.reduce((s, d) => s + (money.includes(d) ? 0 : kopecks(d.price)), 0) / 100,
        },
      };
    };

    it('shows each deal in the state the contract’s rule gives it, and the filter agrees for every set of states', async () => {
      for (const deal of deals) expect(deal.paymentState).toBe(paymentStateOf(deal, today));
      expect(new Set(deals.map((d) => d.paymentState))).toEqual(new Set(paymentStates));
      const subsets: PaymentState[][] = [
        ...paymentStates.map((s) => [s]),
        ['UNPAID', 'OVERDUE'],
        ['PAID', 'PARTLY_PAID', 'UNPAID'],
      ];
      for (const states of subsets) {
        const url = `${base}/filter?channelId=${otherChannelId}&paymentState=${states.join(',')}`;
        const ids = (await get(mine, url)).json().items.map((d: Deal) => d.id);
        const expected = deals
          .filter((d) => states.includes(d.paymentState as PaymentState))
          .map((d) => d.id);
        expect(ids, states.join(',')).toEqual(expected);
      }
    });

    it('sums exactly what the list shows, for every filter', async () => {
      const queries: [string, (d: Deal & Record<string, unknown>) => boolean][] = [
        ['', () => true],
        ['&paymentState=OVERDUE', (d) => d.paymentState === 'OVERDUE'],
        ['&paymentState=UNPAID,PARTLY_PAID', (d) => ['UNPAID', 'PARTLY_PAID'].includes(d.paymentState)],
        [
          '&q=нечётный',
          (d) => {
            const names = [d[f.external], d.contactPerson, d.channelInfo].map(
              (x) => (x as { name?: string } | null)?.name,
            );
            return names.some((name) => name?.toLowerCase().includes('нечётный'));
          },
        ],
        [
          `&${f.dateCondition}==bt=(2026-03-11,2026-03-13)`,
          (d) => {
            const date = d[f.date] as string;
            return date >= '2026-03-11' && date <= '2026-03-13';
          },
        ],
        ['&priceCondition==ge=1000', (d) => d.price >= 1000],
      ];
      for (const [query, keep] of queries) {
        const url = `${base}/summary?channelId=${otherChannelId}${query}`;
        const response = await get(mine, url);
        expect(response.statusCode, response.body).toBe(200);
        const expected = sums((deals as (Deal & Record<string, unknown>)[]).filter(keep));
        expect(response.json(), query).toEqual(expected);
        const listed = (
          await get(mine, `${base}/filter?channelId=${otherChannelId}${query}&limit=50`)
        ).json();
        expect(listed.items.length, query).toBe(expected.count);
      }
      expect((await get(mine, `${base}/summary?channelId=${otherChannelId}&q=нигде`)).json()).toEqual({
        count: 0,
        total: 0,
        paid: 0,
        unpaid: 0,
        overdue: 0,
        cancelled: { count: 0, amount: 0 },
      });
    });

    it('refuses a bad paymentState with a Russian message', async () => {
      for (const url of [`${base}/summary?paymentState=LATE`, `${base}/filter?paymentState=PAID,nope`]) {
        const response = await get(mine, url);
        expect(response.statusCode).toBe(400);
        expect(response.json().fieldErrors.paymentState[0]).toMatch(/^Состояние оплаты/);
      }
    });
  });
});
