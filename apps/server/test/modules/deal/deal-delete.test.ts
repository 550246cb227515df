import { type DealKind, dealVocabulary } from '@addesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../../src/db/sweeper.js';
import { dayOf, shiftDay } from '../../../src/lib/dates.js';
import { dealRows, parseCsv, parseXlsx } from '../../helpers/files.js';
import { createTestApp } from '../../helpers/test-app.js';
import { type DealRecord, ledgerTeam, rollUpAndRecount } from '../finance/ledger.js';

// Deleting a deal (issue 16, docs/decisions/017): it leaves every list, the calendar, every sum and every file, a
// restore within 30 days brings it all back exactly, and the sweep removes it for good after that. The roll-ups
// (money_days, calendar_days) equal a recount from the live deals after every step.

type Page = { items: { id: number }[] };
type Team = Awaited<ReturnType<typeof ledgerTeam>>;

const rowsOf = async <T>(app: FastifyInstance, query: ReturnType<typeof sql>) =>
  (await app.db.execute(query)).rows as T[];

/** calendar_days against a recount from the live deals in each team's zone: the rows that differ, none when exact. */
const calendarDifference = (app: FastifyInstance) => {
  const recount = sql`
    select d.team_id, (d.placement_at at time zone z.time_zone)::date as day, d.kind,
      min(d.placement_at) as first_at, (array_agg(d.id order by d.placement_at, d.id))[1] as first_deal_id,
      count(*)::int as deal_count
    from deals d join teams z on z.id = d.team_id where d.deleted_at is null group by 1, 2, 3`;
  const kept = sql`select team_id, day, kind, first_at, first_deal_id, deal_count from calendar_days`;
  return rowsOf(app, sql`(${recount} except ${kept}) union all (${kept} except ${recount})`);
};

describe.each(['sale', 'purchase'] as const)('deleting a %s', (kind: DealKind) => {
  const { path, words } = dealVocabulary[kind];
  const base = `/api/${path}`;
  // The team's zone is Moscow by default: a placement at noon there of today is in the calendar, the schedule and
  // the feed, and a deal dated today is in this month's finance.
  const today = dayOf(new Date(), 'Europe/Moscow');
  const monthStart = `${today.slice(0, 8)}01`;
  const SEARCHED = 'Удаляемый партнёр';
  let app: FastifyInstance;
  let team: Team;
  let stranger: Team;
  let feedPath: string;

  beforeAll(async () => {
    app = await createTestApp();
    team = await ledgerTeam(app, `deal-delete-${kind}`, ['Первый', 'Второй']);
    stranger = await ledgerTeam(app, `deal-delete-stranger-${kind}`, ['Чужой']);
    const feed = await team.send('POST', '/api/calendar/feed');
    expect(feed.statusCode, feed.body).toBe(200);
    feedPath = new URL((feed.json() as { url: string }).url).pathname;
  });
  afterAll(() => app.close());

  const get = async (url: string, who: Team = team) => app.inject({ url, headers: who.headers });
  const ok = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response;
  };
  const json = async <T = unknown>(url: string) => (await ok(url)).json() as T;
  const ids = (page: Page) => page.items.map((item) => item.id).sort((a, b) => a - b);
  const fileRows = async (url: string) => parseCsv((await ok(url)).rawPayload).length - 1;
  const search = `q=${encodeURIComponent(SEARCHED)}`;
  const period = `from=${monthStart}&to=${today}`;

  /** Everything of the team a deal can be seen in or counted by. */
  const views = async () => ({
    list: ids(await json<Page>(`${base}/filter?limit=100`)),
    search: ids(await json<Page>(`${base}/filter?${search}`)),
    // No filters: the rolled-up fast path; with the search: the deals themselves.
    summary: await json(`${base}/summary`),
    searchedSummary: await json(`${base}/summary?${search}`),
    calendar: await json(`/api/calendar?from=${today}&to=${today}`),
    schedule: ids(await json<Page>(`/api/schedule?from=${today}&to=${today}&limit=100`)),
    feed: ((await ok(feedPath)).body.match(/BEGIN:VEVENT/g) ?? []).length,
    accrual: await json(`/api/finance/summary?${period}&basis=accrual`),
    cash: await json(`/api/finance/summary?${period}&basis=cash`),
    debts: await json('/api/finance/debts'),
    file: dealRows(parseCsv((await ok(`${base}/export?format=csv`)).rawPayload)).length,
    xlsxFile: dealRows((await parseXlsx((await ok(`${base}/export?format=xlsx`)).rawPayload)).rows).length,
    accrualFile: await fileRows(`/api/finance/export?${period}&basis=accrual&format=csv`),
    cashFile: await fileRows(`/api/finance/export?${period}&basis=cash&format=csv`),
  });

  const expectExactRollUps = async () => {
    const { kept, recounted, periods } = await rollUpAndRecount(app);
    expect(kept).toEqual(recounted);
    expect(periods.kept).toEqual(periods.recounted);
    expect(await calendarDifference(app)).toEqual([]);
  };

  const remove = (deal: DealRecord, who: Team = team) => who.send('DELETE', `${base}/${deal.id}`);
  const restore = (deal: DealRecord, who: Team = team) => who.send('POST', `${base}/${deal.id}/restore`);
  const newDeal = (price = 1000, extra: { dueDate?: string; external?: { name: string } } = {}) =>
    team.deal(kind, { channelId: team.channelIds[0] as number, date: today, price, ...extra });

  it('leaves every list, the calendar, every sum and every file, and a restore brings back exactly that', async () => {
    const kept = await newDeal(1000);
    await team.pay(kept, 300, today);
    const doomed = await newDeal(5000, { dueDate: shiftDay(today, -3), external: { name: SEARCHED } });
    await team.pay(doomed, 700, today);
    const before = await views();
    const shown = await json(`${base}/${doomed.id}`);
    expect(before.list).toEqual([kept.id, doomed.id]);
    expect(before.search).toEqual([doomed.id]);
    expect(before.feed).toBe(2);

    const deleted = await remove(doomed);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');
    const after = await views();
    expect(after.list).toEqual([kept.id]);
    expect(after.search).toEqual([]);
    const none = { count: 0, amount: 0 };
    expect(after.summary).toEqual({
      count: 1,
      total: 1000,
      paid: 300,
      unpaid: 700,
      overdue: 0,
      cancelled: none,
    });
    expect(after.searchedSummary).toEqual({
      count: 0,
      total: 0,
      paid: 0,
      unpaid: 0,
      overdue: 0,
      cancelled: none,
    });
    expect(after.calendar).toEqual([expect.objectContaining({ dealId: kept.id, count: 1 })]);
    expect(after.schedule).toEqual([kept.id]);
    expect(after.feed).toBe(1);
    const [income, spend] = kind === 'sale' ? ['income', 'spend'] : ['spend', 'income'];
    expect(after.accrual).toMatchObject({ [income]: 1000, [spend]: 0 });
    expect(after.cash).toMatchObject({ [income]: 300, [spend]: 0 });
    const side = kind === 'sale' ? 'receivable' : 'payable';
    expect((after.debts as Record<string, unknown>)[side]).toEqual({
      total: 700,
      count: 1,
      items: [expect.objectContaining({ dealId: kept.id })],
    });
    expect([after.file, after.xlsxFile, after.accrualFile, after.cashFile]).toEqual([1, 1, 1, 1]);
    await expectExactRollUps();

    // The deal itself and its payments answer as a missing one.
    expect((await get(`${base}/${doomed.id}`)).statusCode).toBe(404);
    const patched = await team.send('PATCH', `${base}/${doomed.id}`, { price: 10, version: doomed.version });
    expect(patched.statusCode).toBe(404);
    expect(patched.json()).toMatchObject({ code: 'NOT_FOUND', message: words.notFound });
    expect((await get(`${base}/${doomed.id}/payments`)).statusCode).toBe(404);
    const paid = await team.send('POST', `${base}/${doomed.id}/payments`, { amount: 1, paidAt: today });
    expect(paid.statusCode).toBe(404);
    const [payment] = await rowsOf<{ id: string }>(
      app,
      sql`select id from deal_payments where team_id = ${team.teamId} and deal_id = ${doomed.id}`,
    );
    expect((await team.send('DELETE', `${base}/${doomed.id}/payments/${payment?.id}`)).statusCode).toBe(404);
    // Deleted twice: the second is a missing deal.
    expect((await remove(doomed)).json()).toMatchObject({ code: 'NOT_FOUND', message: words.notFound });

    const restored = await restore(doomed);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual(shown);
    expect(await views()).toEqual(before);
    await expectExactRollUps();
    // A second tap on 'Отменить': the live deal, as it is.
    const again = await restore(doomed);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(shown);
    expect(await views()).toEqual(before);
  });

  it('answers a deal of another team with 404 on delete and on restore, and changes nothing', async () => {
    const ours = await newDeal(200);
    const deleted = await newDeal(300);
    expect((await remove(deleted)).statusCode).toBe(204);
    const before = await views();
    for (const response of [
      await remove(ours, stranger),
      await restore(ours, stranger),
      await remove(deleted, stranger),
      await restore(deleted, stranger),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: words.notFound });
    }
    expect(await views()).toEqual(before);
    expect((await get(`${base}/${ours.id}`)).statusCode).toBe(200);
    expect((await get(`${base}/${deleted.id}`)).statusCode).toBe(404);
    // A deal of the other kind is not one of this kind.
    const other = kind === 'sale' ? 'purchase' : 'sale';
    expect((await team.send('DELETE', `/api/${other}/${ours.id}`)).statusCode).toBe(404);
    expect((await team.send('POST', `/api/${other}/${deleted.id}/restore`)).statusCode).toBe(404);
    expect((await get(`${base}/${ours.id}`)).statusCode).toBe(200);
    expect((await get(`${base}/${deleted.id}`)).statusCode).toBe(404);
  });

  it('refuses a malformed id with 400 in Russian', async () => {
    for (const response of [
      await team.send('DELETE', `${base}/abc`),
      await team.send('DELETE', `${base}/0`),
      await team.send('POST', `${base}/-5/restore`),
      await team.send('POST', `${base}/1.5/restore`),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fieldErrors: { id: ['Некорректный идентификатор'] },
      });
    }
  });

  it('restores within 30 days; after that answers 404 and the sweep removes the deal for good', async () => {
    const recent = await newDeal(400);
    const old = await newDeal(600);
    await team.pay(old, 100, today);
    for (const deal of [recent, old]) expect((await remove(deal)).statusCode).toBe(204);
    const deletedAgo = (deal: DealRecord, days: number) =>
      app.db.execute(sql`update deals set deleted_at = now() - make_interval(days => ${days})
        where team_id = ${team.teamId} and id = ${deal.id}`);
    await deletedAgo(recent, 29);
    await deletedAgo(old, 31);
    const before = await views();

    const late = await restore(old);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toMatchObject({ code: 'NOT_FOUND', message: words.notFound });
    expect(await views()).toEqual(before);

    expect(await sweepExpired(app.db)).toMatchObject({ deals: 1 });
    expect(await sweepExpired(app.db)).toMatchObject({ deals: 0 });
    const left = await rowsOf<{ id: string }>(
      app,
      sql`select id from deals where team_id = ${team.teamId} and id in (${recent.id}, ${old.id})`,
    );
    expect(left.map((r) => Number(r.id))).toEqual([recent.id]);
    const payments = await rowsOf<{ n: number }>(
      app,
      sql`select count(*)::int as n from deal_payments where team_id = ${team.teamId} and deal_id = ${old.id}`,
    );
    expect(payments[0]?.n).toBe(0);
    expect(await views()).toEqual(before);
    await expectExactRollUps();

    const back = await restore(recent);
    expect(back.statusCode, back.body).toBe(200);
    expect((await get(`${base}/${recent.id}`)).statusCode).toBe(200);
    await expectExactRollUps();
  });

  it.runIf(kind === 'sale')('frees the slot: a deleted sale conflicts with no other', async () => {
    const placed = `${today}T12:00:00+03:00`;
    const conflicts = () =>
      json<{ id: number }[]>(
        `/api/sale/conflicts?channelId=${team.channelIds[1]}&accommodationTime=${encodeURIComponent(placed)}&hoursInTop=1`,
      );
    const sale = await team.deal('sale', {
      channelId: team.channelIds[1] as number,
      date: today,
      price: 100,
    });
    expect((await conflicts()).map((c) => c.id)).toEqual([sale.id]);
    expect((await remove(sale)).statusCode).toBe(204);
    expect(await conflicts()).toEqual([]);
    expect((await restore(sale)).statusCode).toBe(200);
    expect((await conflicts()).map((c) => c.id)).toEqual([sale.id]);
  });

  it('makes a payment written while the deal is being deleted wait for the delete, then answer 404', async () => {
    const deal = await newDeal(1000);
    let payment: ReturnType<Team['send']> | undefined;
    let settled = false;
    await app.db.transaction(async (tx) => {
      // The delete's own statement, held open: the deal's row stays locked until this commits.
      await tx.execute(
        sql`update deals set deleted_at = now() where team_id = ${team.teamId} and id = ${deal.id}`,
      );
      payment = team.send('POST', `${base}/${deal.id}/payments`, { amount: 50, paidAt: today });
      void payment.then(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
    });
    const response = await payment;
    expect(response?.statusCode, response?.body).toBe(404);
    expect(await rowsOf(app, sql`select id from deal_payments where deal_id = ${deal.id}`)).toEqual([]);
    await expectExactRollUps();
  });

  // On PostgreSQL these run in parallel transactions; the deal's row lock orders them.
  it('stays exact when a delete meets a payment, another delete, a restore or an edit at the same moment', async () => {
    const rounds = 6;
    for (let i = 0; i < rounds; i++) {
      const deal = await newDeal(1000);
      const first = await team.pay(deal, 100, today);
      const [deleted, paid, unpaid, twice, patched] = await Promise.all([
        remove(deal),
        team.send('POST', `${base}/${deal.id}/payments`, { amount: 50, paidAt: today }),
        team.send('DELETE', `${base}/${deal.id}/payments/${first.id}`),
        remove(deal),
        team.send('PATCH', `${base}/${deal.id}`, { price: 900, version: deal.version }),
      ]);
      expect([deleted.statusCode, twice.statusCode].sort()).toEqual([204, 404]);
      for (const response of [paid, unpaid, patched])
        expect([200, 201, 204, 404]).toContain(response.statusCode);
      await expectExactRollUps();
      // What the deal keeps is its payments' sum, whichever way the race went.
      const [row] = await rowsOf<{ paid: string; payments: string }>(
        app,
        sql`select d.paid_amount as paid, coalesce((select sum(amount) from deal_payments p
            where p.team_id = d.team_id and p.deal_id = d.id), 0) as payments
          from deals d where d.team_id = ${team.teamId} and d.id = ${deal.id}`,
      );
      expect(Number(row?.paid)).toBe(Number(row?.payments));

      const [restored, again, deletedAgain] = await Promise.all([restore(deal), restore(deal), remove(deal)]);
      for (const response of [restored, again]) expect([200, 404]).toContain(response.statusCode);
      expect([204, 404]).toContain(deletedAgain.statusCode);
      await expectExactRollUps();
      const live = (await get(`${base}/${deal.id}`)).statusCode === 200;
      // Whatever order they took, the deal is either listed or not, and the sums follow.
      expect((await json<Page>(`${base}/filter?limit=100`)).items.some((d) => d.id === deal.id)).toBe(live);
    }
  });

  // Last: it moves the team's days to another zone.
  it('keeps a deleted deal off the calendar when a zone change re-rolls the team’s days', async () => {
    const deal = await newDeal(100);
    expect((await remove(deal)).statusCode).toBe(204);
    const settings = await json<Record<string, unknown>>('/api/settings');
    const zoned = await team.send('PATCH', '/api/settings', { ...settings, timeZone: 'Asia/Vladivostok' });
    expect(zoned.statusCode, zoned.body).toBe(200);
    await expectExactRollUps();
    expect((await restore(deal)).statusCode).toBe(200);
    await expectExactRollUps();
  });
});
