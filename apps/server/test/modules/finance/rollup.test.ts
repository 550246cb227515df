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
// wrote them: the API, a cascade from a deleted channel or team, concurrent requests.

describe('the money roll-up', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    // A demo team with its sample deals beside the teams of the tests.
    await signInDemo(app, 'rollup-demo');
  });
  afterAll(() => app.close());

  const expectExact = async () => {
    const { kept, recounted } = await rollUpAndRecount(app);
    expect(kept).toEqual(recounted);
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

  it('rolls up existing data the way the migration does', async () => {
    const before = await expectExact();
    expect(before.length).toBeGreaterThan(0);
    const migration = await readFile(`${migrationsFolder}/0013_money_days.sql`, 'utf8');
    const rollUp = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(rollUp).toContain('INSERT INTO money_days');
    await app.db.execute(sql`delete from money_days`);
    await app.db.execute(sql.raw(rollUp));
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

  it('drops a deleted channel’s deals and payments, and a deleted team’s rows', async () => {
    const team = await ledgerTeam(app, 'rollup-deletes', ['Уходит', 'Остаётся']);
    const [leaving, staying] = team.channelIds as [number, number];
    for (const [i, channelId] of [leaving, staying, leaving].entries()) {
      const deal = await team.deal(i === 1 ? 'purchase' : 'sale', {
        channelId,
        date: '2026-02-0' + (i + 1),
        price: 500,
      });
      await team.pay(deal, 100, '2026-02-10');
      await team.pay(deal, 150, `2026-02-1${i + 1}`);
    }
    await expectExact();
    const deleted = await team.send('DELETE', `/api/channel/${leaving}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const rows = (await expectExact()).filter((r) => r.team === team.teamId);
    expect(rows.every((r) => r.channel === staying)).toBe(true);
    expect(rows.length).toBeGreaterThan(0);

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
