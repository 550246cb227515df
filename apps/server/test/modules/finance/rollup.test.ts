import { readFile } from 'node:fs/promises';
import { type DealKind, dealVocabulary } from '@addesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../../src/paths.js';
import { countRows } from '../../helpers/team.js';
import { createTestApp, signInDemo } from '../../helpers/test-app.js';
import { type DealRecord, ledgerTeam, rollUpAndRecount } from './ledger.js';

// The money roll-up (money_days, migration 0013) must always equal a recount from deals and payments, whatever path
// wrote them: the API, a cascade from a deleted team, a deleted or restored deal, the sweep, concurrent requests.

describe('the money roll-up', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    // A demo team with its sample deals beside the teams of the tests.
    await signInDemo(app, 'rollup-demo');
  });
  afterAll(() => app.close());

  const expectExact = async () => {
    const { kept, recounted, periods } = await rollUpAndRecount(app);
    expect(kept).toEqual(recounted);
    expect(periods.kept).toEqual(periods.recounted);
    return kept;
  };

  const editor = (team: Awaited<ReturnType<typeof ledgerTeam>>) => ({
    async patch(deal: DealRecord, changes: Record<string, unknown>) {
      const response = await team.send('PATCH', `/api/${deal.kind}/${deal.id}`, {
        ...changes,
        version: deal.version,
      });
      expect(response.statusCode, response.body).toBe(200);
      deal.version = (response.json() as { version: number }).version;
    },
    async unpay(deal: DealRecord, paymentId: number) {
      const response = await team.send('DELETE', `/api/${deal.kind}/${deal.id}/payments/${paymentId}`);
      expect(response.statusCode, response.body).toBe(204);
    },
    dateField: (kind: DealKind) => dealVocabulary[kind].names.date,
  });

  it('rolls up existing data the way the migrations do', async () => {
    // Some sample deals' posts have views (in one statement, as the post watcher may write them), some have 0.
    await app.db.execute(
      sql`update deals set post_views = case when id % 3 = 0 then 1000 + id * 7 when id % 3 = 1 then 0 end`,
    );
    const before = await expectExact();
    expect(before.some((r) => r.views > 0 && r.viewedTotal > 0)).toBe(true);
    expect(before.length).toBeGreaterThan(0);
    // The sample deals include cancelled ones, which the roll-up counts apart by deal date.
    expect(before.some((r) => r.cancelled > 0 && r.cancelledTotal > 0)).toBe(true);
    // The latest roll-up of the data there: 0016, which left cancelled deals out by deal date and deleted ones
    // out altogether, then 0029's backfill of the prices and views of the deals whose post has views,
    // then 0034's of the cancelled deals and of the weeks and months.
    const lastStatements = async (file: string, count: number) =>
      (await readFile(`${migrationsFolder}/${file}`, 'utf8')).split('--> statement-breakpoint').slice(-count);
    const [rollUp = ''] = await lastStatements('0016_deleted_deals.sql', 1);
    expect(rollUp).toContain('INSERT INTO money_days');
    const [backfill = ''] = await lastStatements('0029_money_days_views.sql', 1);
    expect(backfill).toContain('UPDATE money_days');
    const [cancelled = '', periods = ''] = await lastStatements('0034_money_periods.sql', 2);
    expect(cancelled).toContain('INSERT INTO money_days');
    expect(periods).toContain('INSERT INTO money_periods');
    await app.db.execute(sql`delete from money_days`);
    await app.db.execute(sql`delete from money_periods`);
    for (const statement of [rollUp, backfill, cancelled, periods]) await app.db.execute(sql.raw(statement));
    expect(await expectExact()).toEqual(before);
  });

  it('follows inserts, price, date and channel changes, payments added and deleted, and deleted deals', async () => {
    const team = await ledgerTeam(app, 'rollup-edits', ['Первый', 'Второй']);
    const { patch, unpay, dateField } = editor(team);
    const [first, second] = team.channelIds as [number, number];
    const sale = await team.deal('sale', { channelId: first, date: '2026-01-10', price: 1000.5 });
    const purchase = await team.deal('purchase', { channelId: first, date: '2026-01-10', price: 300 });
    await team.deal('sale', { channelId: second, date: '2026-01-11', price: 99.99 });
    await expectExact();

    const early = await team.pay(sale, 200.25, '2026-01-12');
    await team.pay(sale, 300, '2026-02-01');
    await team.pay(purchase, 300, '2026-01-10');
    await expectExact();

    await patch(sale, { price: 700 });
    await expectExact();
    await patch(sale, { [dateField('sale')]: '2026-03-01' });
    await expectExact();
    await patch(sale, { channelId: second });
    await expectExact();
    await patch(purchase, { channelId: second, [dateField('purchase')]: '2026-01-31', price: 400 });
    await expectExact();

    await unpay(sale, early.id);
    await expectExact();
    // No route deletes a deal yet: any path that does (here SQL) goes through the same triggers.
    await app.db.execute(sql`delete from deals where team_id = ${team.teamId} and id = ${sale.id}`);
    const rows = await expectExact();
    // What is left: the purchase (its deal date and its payment's day) and the other sale.
    expect(rows.filter((r) => r.team === team.teamId)).toEqual([
      expect.objectContaining({
        day: '2026-01-10',
        channel: second,
        kind: 'purchase',
        deals: 0,
        received: 300,
      }),
      expect.objectContaining({ day: '2026-01-11', channel: second, kind: 'sale', deals: 1, total: 99.99 }),
      expect.objectContaining({
        day: '2026-01-31',
        channel: second,
        kind: 'purchase',
        deals: 1,
        total: 400,
        paid: 300,
      }),
    ]);
  });

  it('counts cancelled deals apart by deal date, keeps what they received by payment date, and takes them back', async () => {
    const team = await ledgerTeam(app, 'rollup-cancels', ['Первый', 'Второй']);
    const { patch, dateField } = editor(team);
    const [first, second] = team.channelIds as [number, number];
    const ours = async () => (await expectExact()).filter((r) => r.team === team.teamId);
    const sale = await team.deal('sale', { channelId: first, date: '2026-06-01', price: 1000 });
    const purchase = await team.deal('purchase', { channelId: first, date: '2026-06-01', price: 300 });
    await team.pay(sale, 400, '2026-06-05');

    // 'Отменена' of each kind (7, 16): by deal date no money is left of either, only the cancelled count and price
    // (the lists' summary line); the sale's payment stays.
    const nothing = { deals: 0, unpaid: 0, total: 0, paid: 0, received: 0 };
    await patch(sale, { statusId: 7 });
    await patch(purchase, { statusId: 16 });
    expect(await ours()).toEqual([
      expect.objectContaining({
        day: '2026-06-01',
        kind: 'purchase',
        ...nothing,
        cancelled: 1,
        cancelledTotal: 300,
      }),
      expect.objectContaining({
        day: '2026-06-01',
        kind: 'sale',
        ...nothing,
        cancelled: 1,
        cancelledTotal: 1000,
      }),
      expect.objectContaining({ day: '2026-06-05', channel: first, kind: 'sale', deals: 0, received: 400 }),
    ]);
    // While cancelled: a payment counts nowhere by deal date, a new price and date move the cancelled count and
    // price; a new channel takes the payments with it.
    await team.pay(sale, 100, '2026-06-07');
    await patch(sale, { price: 900, [dateField('sale')]: '2026-06-02', channelId: second });
    expect((await ours()).filter((r) => r.kind === 'sale')).toEqual([
      expect.objectContaining({
        day: '2026-06-02',
        channel: second,
        ...nothing,
        cancelled: 1,
        cancelledTotal: 900,
      }),
      expect.objectContaining({ day: '2026-06-05', channel: second, deals: 0, received: 400, cancelled: 0 }),
      expect.objectContaining({ day: '2026-06-07', channel: second, deals: 0, received: 100, cancelled: 0 }),
    ]);
    // Back from the cancellation: counted again, as the deal is now.
    await patch(sale, { statusId: 2 });
    await patch(purchase, { statusId: 12 });
    const back = await ours();
    expect(back).toContainEqual(
      expect.objectContaining({
        day: '2026-06-02',
        channel: second,
        kind: 'sale',
        deals: 1,
        total: 900,
        paid: 500,
      }),
    );
    expect(back).toContainEqual(
      expect.objectContaining({
        day: '2026-06-01',
        channel: first,
        kind: 'purchase',
        deals: 1,
        unpaid: 1,
        total: 300,
      }),
    );
    // A change between statuses that do not cancel moves nothing.
    await patch(sale, { statusId: 3 });
    expect(await ours()).toEqual(back);

    // Created cancelled, and deleted cancelled with payments (no route deletes a deal: SQL, through the triggers).
    const cancelled = await team.deal('sale', {
      channelId: first,
      date: '2026-06-01',
      price: 50,
      statusId: 7,
    });
    await team.pay(cancelled, 50, '2026-06-03');
    const withCancelled = await ours();
    expect(withCancelled.filter((r) => r.day === '2026-06-01' && r.kind === 'sale')).toEqual([
      expect.objectContaining({ channel: first, ...nothing, cancelled: 1, cancelledTotal: 50 }),
    ]);
    expect(withCancelled).toContainEqual(
      expect.objectContaining({ day: '2026-06-03', channel: first, kind: 'sale', deals: 0, received: 50 }),
    );
    await app.db.execute(sql`delete from deals where team_id = ${team.teamId} and id = ${cancelled.id}`);
    expect(await ours()).toEqual(back);

    // Cancelled and restored at once with payments and channel moves: still exact (PostgreSQL runs them in parallel).
    const racing: DealRecord[] = [];
    for (let i = 0; i < 6; i++) {
      racing.push(
        await team.deal(i % 2 ? 'purchase' : 'sale', { channelId: first, date: '2026-07-01', price: 700 }),
      );
    }
    const cancels = (deal: DealRecord) => (deal.kind === 'sale' ? 7 : 16);
    await Promise.all(
      racing.flatMap((deal, i) => [
        patch(deal, { statusId: cancels(deal) }),
        team.pay(deal, 70, `2026-07-0${i + 2}`),
        team.pay(deal, 30, '2026-07-09'),
      ]),
    );
    await expectExact();
    await Promise.all(
      racing.flatMap((deal, i) => [
        patch(deal, i % 3 ? { statusId: deal.kind === 'sale' ? 1 : 11 } : { channelId: second }),
        team.pay(deal, 10, '2026-07-10'),
      ]),
    );
    await expectExact();
  });

  it('follows the views of a deal’s post: set, changed, gone, and through price, channel, cancel and delete', async () => {
    const team = await ledgerTeam(app, 'rollup-views', ['Первый', 'Второй']);
    const { patch, dateField } = editor(team);
    const [first, second] = team.channelIds as [number, number];
    const ours = async () => (await expectExact()).filter((r) => r.team === team.teamId);
    // The post watcher (modules/post) writes a deal's views; here SQL does, through the same triggers.
    const views = (deal: DealRecord, value: number | null) =>
      app.db.execute(
        sql`update deals set post_views = ${value} where team_id = ${team.teamId} and id = ${deal.id}`,
      );
    const sale = await team.deal('sale', { channelId: first, date: '2026-08-01', price: 1500 });
    const other = await team.deal('sale', { channelId: first, date: '2026-08-01', price: 700.5 });
    const purchase = await team.deal('purchase', { channelId: first, date: '2026-08-01', price: 900 });
    expect((await ours()).every((r) => r.views === 0 && r.viewedTotal === 0)).toBe(true);

    // Views alone: set, changed, 0 (no views), back.
    await views(sale, 3000);
    await views(purchase, 1200);
    expect(await ours()).toEqual([
      expect.objectContaining({ kind: 'purchase', deals: 1, total: 900, viewedTotal: 900, views: 1200 }),
      expect.objectContaining({ kind: 'sale', deals: 2, total: 2200.5, viewedTotal: 1500, views: 3000 }),
    ]);
    await views(sale, 4500);
    await views(other, 0);
    expect(await ours()).toContainEqual(
      expect.objectContaining({ kind: 'sale', viewedTotal: 1500, views: 4500 }),
    );
    await views(other, 500);
    await views(sale, null);
    expect(await ours()).toContainEqual(
      expect.objectContaining({ kind: 'sale', viewedTotal: 700.5, views: 500 }),
    );
    await views(sale, 4500);

    // A deal with views moves its price and views with its price, date and channel.
    await patch(sale, { price: 2000 });
    await ours();
    await patch(sale, { [dateField('sale')]: '2026-08-02', channelId: second });
    expect(await ours()).toContainEqual(
      expect.objectContaining({
        day: '2026-08-02',
        channel: second,
        kind: 'sale',
        viewedTotal: 2000,
        views: 4500,
      }),
    );

    // Cancelled: no money by deal date, views included, even when they change; back when restored.
    await patch(purchase, { statusId: 16 });
    await views(purchase, 1300);
    expect((await ours()).filter((r) => r.kind === 'purchase')).toEqual([
      expect.objectContaining({
        deals: 0,
        total: 0,
        viewedTotal: 0,
        views: 0,
        cancelled: 1,
        cancelledTotal: 900,
      }),
    ]);
    await patch(purchase, { statusId: 11 });
    expect(await ours()).toContainEqual(
      expect.objectContaining({ kind: 'purchase', viewedTotal: 900, views: 1300 }),
    );

    // Deleted (deleted_at), its views changed while deleted, restored, then swept.
    const gone = sql`team_id = ${team.teamId} and id = ${other.id}`;
    await app.db.execute(sql`update deals set deleted_at = now() where ${gone}`);
    await views(other, 800);
    expect((await ours()).filter((r) => r.day === '2026-08-01' && r.kind === 'sale')).toEqual([]);
    await app.db.execute(sql`update deals set deleted_at = null where ${gone}`);
    expect(await ours()).toContainEqual(
      expect.objectContaining({ day: '2026-08-01', kind: 'sale', viewedTotal: 700.5, views: 800 }),
    );
    await app.db.execute(sql`delete from deals where ${gone}`);
    await ours();

    // Views of many deals in one statement, at once with payments and price changes (in parallel on PostgreSQL).
    const racing: DealRecord[] = [];
    for (let i = 0; i < 6; i++) {
      racing.push(
        await team.deal(i % 2 ? 'purchase' : 'sale', { channelId: first, date: '2026-09-01', price: 1000 }),
      );
    }
    const ids = racing.map((deal) => deal.id);
    await Promise.all([
      ...racing.flatMap((deal, i) => [
        team.pay(deal, 100, '2026-09-02'),
        patch(deal, i % 2 ? { price: 1100 } : { channelId: second }),
        views(deal, 100 * (i + 1)),
      ]),
      app.db.execute(
        sql`update deals set post_views = coalesce(post_views, 0) + 1
          where team_id = ${team.teamId} and id in (${sql.join(ids, sql`, `)})`,
      ),
    ]);
    await ours();
  });

  it('keeps an archived channel’s deals and payments, and drops a deleted team’s rows', async () => {
    const team = await ledgerTeam(app, 'rollup-deletes', ['Уходит', 'Остаётся']);
    const [leaving, staying] = team.channelIds as [number, number];
    for (const [i, channelId] of [leaving, staying, leaving].entries()) {
      const deal = await team.deal(i === 1 ? 'purchase' : 'sale', {
        channelId,
        date: `2026-02-0${i + 1}`,
        price: 500,
      });
      await team.pay(deal, 100, '2026-02-10');
      await team.pay(deal, 150, `2026-02-1${i + 1}`);
    }
    const before = (await expectExact()).filter((r) => r.team === team.teamId);
    // Deleting a channel archives it: its deals stay in every sum (docs/decisions/017).
    const archived = await team.send('DELETE', `/api/channel/${leaving}`);
    expect(archived.statusCode, archived.body).toBe(204);
    const rows = (await expectExact()).filter((r) => r.team === team.teamId);
    expect(rows).toEqual(before);
    expect(new Set(rows.map((r) => r.channel))).toEqual(new Set([leaving, staying]));

    const account = await team.send('DELETE', '/api/account');
    expect(account.statusCode, account.body).toBe(204);
    await expectExact();
    expect(await countRows(app, 'money_days', team.teamId)).toBe(0);
  });

  it('stays exact under concurrent payments, price, date and channel changes and payment deletes', async () => {
    const team = await ledgerTeam(app, 'rollup-races', ['Один', 'Два']);
    const { patch, unpay, dateField } = editor(team);
    const [one, two] = team.channelIds as [number, number];
    const deals: DealRecord[] = [];
    for (let i = 0; i < 10; i++) {
      deals.push(
        await team.deal(i % 2 ? 'purchase' : 'sale', { channelId: one, date: '2026-04-01', price: 10_000 }),
      );
    }
    await expectExact();

    // Each deal: two payments on two days and one change of price with channel or date, all at once.
    const paid: { deal: DealRecord; id: number }[] = [];
    await Promise.all(
      deals.flatMap((deal, i) => [
        team.pay(deal, 1000, '2026-04-02').then((p) => paid.push({ deal, id: p.id })),
        team.pay(deal, 500.5, `2026-04-1${i % 3}`),
        patch(
          deal,
          i % 2 ? { price: 9000, channelId: two } : { price: 8000.75, [dateField(deal.kind)]: '2026-04-05' },
        ),
      ]),
    );
    await expectExact();

    // Twenty payments of one deal at once, each of a different day.
    const target = deals[0] as DealRecord;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        team.pay(target, 100, `2026-05-${String(i + 1).padStart(2, '0')}`),
      ),
    );
    await expectExact();

    // A payment deleted while its deal moves to the other channel: taken off the channel it was counted under.
    await Promise.all(
      paid.flatMap(({ deal, id }) => [
        unpay(deal, id),
        patch(deal, { channelId: deal.channelId === one ? two : one, price: 8500 }),
      ]),
    );
    await expectExact();
    const received = (await rollUpAndRecount(app)).kept
      .filter((r) => r.team === team.teamId)
      .reduce((sum, r) => sum + r.received, 0);
    expect(received).toBeCloseTo(10 * 500.5 + 20 * 100, 2);
  });
});
