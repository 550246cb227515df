import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../../src/db/schema/index.js';
import { migrationsFolder } from '../../../src/paths.js';
import { countRows } from '../../helpers/team.js';
import { createTestApp, signInDemo } from '../../helpers/test-app.js';
import { type DealRecord, ledgerTeam, payRollUpAndRecount } from '../finance/ledger.js';

// The pay roll-ups (pay_received, pay_posts; migration 0038) must always equal a recount from deals and payments,
// whatever wrote them: payments added and deleted, deals moved between people and channels, placements moved,
// cancelled and restored, deleted and restored, swept, a zone change, concurrent requests.

describe('the pay roll-up', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await signInDemo(app, 'pay-rollup-demo');
  });
  afterAll(() => app.close());

  const expectExact = async () => {
    const { received, posts, payers } = await payRollUpAndRecount(app);
    expect(received.kept).toEqual(received.recounted);
    expect(posts.kept).toEqual(posts.recounted);
    expect(payers.kept).toEqual(payers.recounted);
    return { received: received.kept, posts: posts.kept };
  };

  /** A team of two people on two channels, its deals written through the API and moved by SQL (the triggers'). */
  async function team(key: string) {
    const ledger = await ledgerTeam(app, key, ['Первый', 'Второй']);
    const [other] = await app.db
      .insert(employees)
      .values({ teamId: ledger.teamId, firstName: 'Второй' })
      .returning({ id: employees.id });
    const set = (deal: DealRecord, changes: ReturnType<typeof sql>) =>
      app.db.execute(sql`update deals set ${changes} where team_id = ${ledger.teamId} and id = ${deal.id}`);
    return { ...ledger, other: other?.id ?? 0, set };
  }

  it('rolls up existing data the way the migration does', async () => {
    const before = await expectExact();
    expect(before.received.length).toBeGreaterThan(0);
    expect(before.posts.length).toBeGreaterThan(0);
    const statements = (await readFile(`${migrationsFolder}/0038_pay_rollup.sql`, 'utf8'))
      .split('--> statement-breakpoint')
      .slice(-2);
    expect(statements[0]).toContain('INSERT INTO pay_received');
    expect(statements[1]).toContain('INSERT INTO pay_posts');
    await app.db.execute(sql`delete from pay_received`);
    await app.db.execute(sql`delete from pay_posts`);
    for (const statement of statements) await app.db.execute(sql.raw(statement));
    expect(await expectExact()).toEqual(before);
  });

  it("gives existing payments their deal's person, channel and kind the way the migration does", async () => {
    const { payers } = await payRollUpAndRecount(app);
    expect(payers.kept.some((row) => row.split(' ').length === 5)).toBe(true);
    const [backfill] = (await readFile(`${migrationsFolder}/0040_payment_employee.sql`, 'utf8'))
      .split('--> statement-breakpoint')
      .filter((statement) => statement.includes('UPDATE "deal_payments"'));
    await app.db.execute(sql`update deal_payments set employee_id = null, channel_id = null, kind = null`);
    await app.db.execute(sql.raw(backfill ?? ''));
    expect((await payRollUpAndRecount(app)).payers.kept).toEqual(payers.kept);
  });

  it('follows payments, people, channels, placements, cancels, deletes, restores and a zone change', async () => {
    const t = await team('pay-rollup-edits');
    const [first, second] = t.channelIds as [number, number];
    const sale = await t.deal('sale', { channelId: first, date: '2026-01-31', price: 1000 });
    const purchase = await t.deal('purchase', { channelId: first, date: '2026-01-10', price: 300 });
    const early = await t.pay(sale, 200.25, '2026-01-31');
    await t.pay(sale, 300, '2026-02-01');
    await t.pay(purchase, 300, '2026-01-10');
    const ours = async () => (await expectExact()).received.filter((r) => r.startsWith(`${t.teamId} `));
    expect(await ours()).toContain(
      `${t.teamId} ${t.user.member.employeeId} ${first} sale month 2026-01-01: 200.25`,
    );

    await t.set(sale, sql`employee_id = ${t.other}`);
    expect((await ours()).filter((r) => r.includes(' sale '))).toEqual([
      `${t.teamId} ${t.other} ${first} sale day 2026-01-31: 200.25`,
      `${t.teamId} ${t.other} ${first} sale day 2026-02-01: 300`,
      `${t.teamId} ${t.other} ${first} sale month 2026-01-01: 200.25`,
      `${t.teamId} ${t.other} ${first} sale month 2026-02-01: 300`,
    ]);
    await t.set(sale, sql`channel_id = ${second}`);
    await expectExact();
    // Placed on 31 January 22:30 in Moscow, then in another zone where it is already February.
    await t.set(sale, sql`placement_at = '2026-01-31T19:30:00Z'`);
    await expectExact();
    await app.db.execute(sql`update teams set time_zone = 'Asia/Omsk' where id = ${t.teamId}`);
    await expectExact();
    await t.set(sale, sql`employee_id = null`);
    await expectExact();
    await t.set(sale, sql`employee_id = ${t.user.member.employeeId}, channel_id = ${first}`);
    await expectExact();

    // Cancelled ('Отменена' of each kind): nothing received counts, nor the post; a payment meanwhile neither; back.
    await t.set(sale, sql`status_id = 7`);
    await t.set(purchase, sql`status_id = 16`);
    await t.pay(sale, 100, '2026-02-03');
    expect(await ours()).toEqual([]);
    await t.set(sale, sql`status_id = 2`);
    await t.set(purchase, sql`status_id = 12`);
    await expectExact();

    // Deleted (deleted_at) and restored; a payment deleted; a hard delete takes its payments with it.
    await t.set(purchase, sql`deleted_at = now()`);
    await expectExact();
    await t.set(purchase, sql`deleted_at = null`);
    const response = await t.send('DELETE', `/api/sale/${sale.id}/payments/${early.id}`);
    expect(response.statusCode, response.body).toBe(204);
    await expectExact();
    await app.db.execute(sql`delete from deals where team_id = ${t.teamId} and id = ${sale.id}`);
    expect(await ours()).toEqual([
      `${t.teamId} ${t.user.member.employeeId} ${first} purchase day 2026-01-10: 300`,
      `${t.teamId} ${t.user.member.employeeId} ${first} purchase month 2026-01-01: 300`,
    ]);

    // Many deals in one statement, and the team gone.
    const more = await t.deal('sale', { channelId: second, date: '2026-03-01', price: 500 });
    await t.pay(more, 500, '2026-03-02');
    await app.db.execute(
      sql`update deals set employee_id = ${t.other}, placement_at = placement_at + interval '1 day'
        where team_id = ${t.teamId}`,
    );
    await expectExact();
    const account = await t.send('DELETE', '/api/account');
    expect(account.statusCode, account.body).toBe(204);
    await expectExact();
    expect(await countRows(app, 'pay_received', t.teamId)).toBe(0);
    expect(await countRows(app, 'pay_posts', t.teamId)).toBe(0);
  });

  it('stays exact under concurrent payments, moves, cancels and payment deletes', async () => {
    const t = await team('pay-rollup-races');
    const [one, two] = t.channelIds as [number, number];
    const deals: DealRecord[] = [];
    for (let i = 0; i < 10; i++) {
      deals.push(
        await t.deal(i % 2 ? 'purchase' : 'sale', { channelId: one, date: '2026-04-01', price: 10_000 }),
      );
    }
    const paid: { deal: DealRecord; id: number }[] = [];
    await Promise.all(
      deals.flatMap((deal, i) => [
        t.pay(deal, 1000, '2026-04-02').then((p) => paid.push({ deal, id: p.id })),
        t.pay(deal, 500.5, `2026-04-1${i % 3}`),
        t.set(deal, i % 2 ? sql`employee_id = ${t.other}` : sql`channel_id = ${two}`),
        t.set(
          deal,
          i % 3 ? sql`placement_at = placement_at + interval '1 day'` : sql`status_id = ${i % 2 ? 16 : 7}`,
        ),
      ]),
    );
    await expectExact();
    await Promise.all(
      paid.flatMap(({ deal, id }, i) => [
        t.send('DELETE', `/api/${deal.kind}/${deal.id}/payments/${id}`),
        t.set(deal, i % 2 ? sql`channel_id = ${one}, employee_id = null` : sql`deleted_at = now()`),
        t.set(deal, sql`status_id = ${deal.kind === 'sale' ? 2 : 12}`),
      ]),
    );
    await expectExact();
  });
});
