import { type DealKind, MAX_BULK_DEALS } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../helpers/team.js';
import { createTestApp, sameOrigin } from '../../helpers/test-app.js';
import { type DealRecord, ledgerTeam, rollUpAndRecount } from '../finance/ledger.js';

// Several deals at once (issue 33): a status for all of them, or each paid in full, in one transaction that writes
// all or nothing; and the bin of deleted deals.

type Team = Awaited<ReturnType<typeof ledgerTeam>>;
type Named = { id: number; name: string };
const DAY = '2031-03-10';

describe.each(['sale', 'purchase'] as const)('several %ss at once', (kind: DealKind) => {
  const base = `/api/${kind}`;
  let app: FastifyInstance;
  let team: Team;
  let stranger: Team;
  let statuses: Named[];
  const statusNamed = (name: string) => statuses.find((s) => s.name === name)?.id ?? 0;

  beforeAll(async () => {
    app = await createTestApp();
    team = await ledgerTeam(app, `bulk-${kind}`, ['Свой канал']);
    stranger = await ledgerTeam(app, `bulk-stranger-${kind}`, ['Чужой канал']);
    statuses = (await app.inject({ url: `${base}/statuses`, headers: team.headers })).json();
  });
  afterAll(() => app.close());

  const get = async <T>(url: string, who: Team = team) => {
    const response = await app.inject({ url, headers: who.headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as T;
  };
  const deal = (price = 10_000, who: Team = team) =>
    who.deal(kind, { channelId: who.channelIds[0] ?? 0, date: DAY, price });
  const bulk = (payload: object, who: Team = team) => who.send('PATCH', `${base}/bulk`, payload);
  const payAll = (payload: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `${base}/bulk/payments`,
      headers: { ...team.headers, ...sameOrigin, ...headers },
      payload,
    });
  const shown = (record: DealRecord) =>
    get<{ status: Named; version: number; paidAmount: number }>(`${base}/${record.id}`);
  const history = async (record: DealRecord) =>
    (await get<{ items: { action: string }[] }>(`${base}/${record.id}/history`)).items;

  it('moves every deal to the status in one call, with a new version and a line of history each', async () => {
    const deals = [await deal(), await deal(), await deal()];
    const agreed = statusNamed('Согласована');
    const answer = await bulk({ ids: deals.map((d) => d.id), statusId: agreed });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ count: 3, amount: 0 });
    for (const record of deals) {
      const now = await shown(record);
      expect(now.status.id).toBe(agreed);
      expect(now.version).toBe(record.version + 1);
      expect((await history(record)).map((e) => e.action)).toEqual(['update', 'create']);
    }
    // Again: every deal is there already, nothing changes.
    expect((await bulk({ ids: deals.map((d) => d.id), statusId: agreed })).json().count).toBe(0);
  });

  it('treats the paid status as an edit does: the status moves, no payment is recorded', async () => {
    const record = await deal();
    const answer = await bulk({ ids: [record.id], statusId: statusNamed('Оплачена') });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await shown(record)).paidAmount).toBe(0);
    expect((await shown(record)).status.name).toBe('Оплачена');
  });

  it('answers a batch with another team’s deal, a deleted one or a missing one 404 and writes nothing', async () => {
    const mine = [await deal(), await deal()];
    const foreign = await deal(10_000, stranger);
    const deleted = await deal();
    expect((await team.send('DELETE', `${base}/${deleted.id}`)).statusCode).toBe(204);
    const events = await countRows(app, 'history_events', team.teamId);
    const payments = await countRows(app, 'deal_payments', team.teamId);
    for (const odd of [foreign.id, deleted.id, 999_999_999]) {
      const ids = [mine[0]?.id, odd, mine[1]?.id];
      const changed = await bulk({ ids, statusId: statusNamed('Согласована') });
      expect(changed.statusCode, changed.body).toBe(404);
      expect(changed.json().code).toBe('NOT_FOUND');
      expect((await payAll({ ids, paidAt: DAY })).statusCode).toBe(404);
    }
    for (const record of mine) expect((await shown(record)).version).toBe(record.version);
    expect(await countRows(app, 'history_events', team.teamId)).toBe(events);
    expect(await countRows(app, 'deal_payments', team.teamId)).toBe(payments);
    expect((await get<{ version: number }>(`${base}/${foreign.id}`, stranger)).version).toBe(foreign.version);
  });

  it.each([
    ['no deals', { ids: [] }, 'ids', 'Выберите хотя бы одну сделку'],
    [
      'too many deals',
      { ids: Array.from({ length: MAX_BULK_DEALS + 1 }, (_, i) => i + 1) },
      'ids',
      'Не больше 100 сделок за раз',
    ],
    ['an id that is not one', { ids: ['1'] }, 'ids.0', 'Некорректный идентификатор'],
    ['no status', { ids: [1] }, 'statusId', 'Выберите статус'],
  ])('refuses %s with 400 and a Russian field error', async (_, body, field, message) => {
    const answer = await bulk(body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().fieldErrors[field]).toEqual([message]);
  });

  it('refuses a status of the other kind or none at all with 400 and writes nothing', async () => {
    const record = await deal();
    const answer = await bulk({ ids: [record.id], statusId: 99 });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().fieldErrors.statusId).toEqual(['Выберите статус из списка']);
    expect((await shown(record)).version).toBe(record.version);
  });

  it('pays what is left of each deal, moves it to the paid status, once per Idempotency-Key', async () => {
    const partly = await deal(12_500.5);
    await team.pay(partly, 2_500.25, DAY);
    const unpaid = await deal(3_000);
    const done = await deal(1_000);
    await team.pay(done, 1_000, DAY);
    const ids = [partly.id, unpaid.id, done.id, partly.id];
    const headers = { 'idempotency-key': `bulk-pay-${kind}` };
    const answer = await payAll({ ids, paidAt: DAY }, headers);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toEqual({ count: 2, amount: 13_000.25 });
    const again = await payAll({ ids, paidAt: DAY }, headers);
    expect([again.statusCode, again.json()]).toEqual([201, answer.json()]);
    for (const [record, price] of [
      [partly, 12_500.5],
      [unpaid, 3_000],
    ] as const) {
      const now = await shown(record);
      expect(now.paidAmount).toBe(price);
      expect(now.status.name).toBe('Оплачена');
    }
    const payments = await get<{ amount: number; paidAt: string }[]>(`${base}/${partly.id}/payments`);
    expect(payments.map((p) => [p.amount, p.paidAt])).toEqual([
      [2_500.25, DAY],
      [10_000.25, DAY],
    ]);
    const { kept, recounted, periods } = await rollUpAndRecount(app);
    expect(kept).toEqual(recounted);
    expect(periods.kept).toEqual(periods.recounted);
  });

  it('a bulk change racing another over the same deals in reverse order and an edit of one answers 200 or 409, never 500 (5 rounds)', async () => {
    // On PostgreSQL the three run at once on their own connections; PGlite runs them one after another.
    for (let round = 0; round < 5; round++) {
      const [a, b, c] = [await deal(), await deal(), await deal()];
      if (!a || !b || !c) throw new Error('no deals');
      const [first, second, edit] = await Promise.all([
        bulk({ ids: [a.id, b.id, c.id], statusId: statusNamed('Согласована') }),
        bulk({ ids: [c.id, b.id, a.id], statusId: statusNamed('Отменена') }),
        team.send('PATCH', `${base}/${b.id}`, { price: 5_000, version: b.version }),
      ]);
      expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([200, 200]);
      expect([200, 409], edit.body).toContain(edit.statusCode);
      // Every write that answered 200 made one version, and the edit never undid a bulk change it did not see.
      const edited = edit.statusCode === 200;
      const now = await shown(b);
      expect(now.version).toBe(b.version + 2 + (edited ? 1 : 0));
      expect((await history(b)).length).toBe(3 + (edited ? 1 : 0));
      for (const other of [a, c]) expect((await shown(other)).version).toBe(other.version + 2);
    }
  });

  it('lists deleted deals newest deletion first, by whom and until when, page by page; restore takes one out', async () => {
    const first = await deal(1_111);
    const second = await deal(2_222);
    const before = Date.now();
    for (const record of [first, second])
      expect((await team.send('DELETE', `${base}/${record.id}`)).statusCode).toBe(204);
    type Bin = {
      items: {
        id: number;
        price: number;
        deletedAt: string;
        restorableUntil: string;
        deletedBy: Named | null;
      }[];
      nextCursor: string | null;
    };
    const page1 = await get<Bin>(`${base}/deleted?limit=1`);
    expect(page1.items.map((d) => d.id)).toEqual([second.id]);
    const [item] = page1.items;
    expect(item?.price).toBe(2_222);
    expect(item?.deletedBy?.id).toBe(team.user.member.employeeId);
    const deletedAt = Date.parse(item?.deletedAt ?? '');
    expect(deletedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(item?.restorableUntil ?? '') - deletedAt).toBe(30 * 86_400_000);
    const page2 = await get<Bin>(`${base}/deleted?limit=1&cursor=${page1.nextCursor}`);
    expect(page2.items.map((d) => d.id)).toEqual([first.id]);

    // Another team sees none of them, nor can it restore one.
    expect((await get<Bin>(`${base}/deleted`, stranger)).items).toEqual([]);
    expect((await stranger.send('POST', `${base}/${first.id}/restore`)).statusCode).toBe(404);

    expect((await team.send('POST', `${base}/${first.id}/restore`)).statusCode).toBe(200);
    const ids = (await get<Bin>(`${base}/deleted?limit=200`)).items.map((d) => d.id);
    expect(ids).toContain(second.id);
    expect(ids).not.toContain(first.id);
    const list = await get<{ items: { id: number }[] }>(`${base}/filter?limit=200`);
    expect(list.items.map((d) => d.id)).toContain(first.id);
  });

  it('refuses a bad cursor of the bin with 400', async () => {
    const answer = await app.inject({ url: `${base}/deleted?cursor=abc`, headers: team.headers });
    expect(answer.statusCode, answer.body).toBe(400);
  });
});
