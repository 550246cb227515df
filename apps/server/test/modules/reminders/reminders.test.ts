import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { Database } from '../../../src/db/client.js';
import { channels, deals, employees, sentNotifications, userSettings } from '../../../src/db/schema/index.js';
import type { JobContext } from '../../../src/jobs/queue.js';
import { sendOnce } from '../../../src/modules/reminders/reminders.jobs.js';
import { duePlacements } from '../../../src/modules/reminders/reminders.repository.js';
import { type FakeUser, startFakeTelegram } from '../../helpers/fake-telegram.js';
import { freshDatabase, PUBLIC_URL, sameOrigin, testConfig } from '../../helpers/test-app.js';
import { signInWith } from '../../helpers/users.js';
import { type Fake, type Headers, linkTelegram, settingsOf } from './telegram.js';

const anna: FakeUser = { id: 9101, first_name: 'Анна', username: 'anna_ads' };
const NBSP = '\u00a0';

/** The clock every app of this file reads; each test moves it forward to a day of its own. */
let now = new Date('2026-06-01T09:00:00Z');
const at = (instant: string) => {
  now = new Date(instant);
};

describe('reminders in Telegram: before a placement, on the morning a payment falls due', () => {
  let fake: Fake;
  let database: Database;
  let app: FastifyInstance;
  let mine: Headers;
  let teamId: number;
  let channelId: number;

  /** Another server on the same database (the first one closed, or a second process beside it). */
  const start = async () => {
    const server = await buildApp({
      config: testConfig({ ...fake.botEnv, BACKGROUND_JOBS: '0' }),
      // Closing one server must not close the database the others use.
      database: { ...database, close: async () => {} },
      webRoot: false,
      clock: () => now,
    });
    await server.ready();
    return server;
  };
  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    app.inject({ method, url, headers: { ...mine, ...sameOrigin }, payload });
  const patchSettings = async (payload: object) =>
    expect((await send('PATCH', '/api/settings', payload)).statusCode).toBe(200);

  async function deal(
    kind: 'sale' | 'purchase',
    placement: string,
    extra: { price?: number; paymentDueDate?: string; external?: string } = {},
  ): Promise<number> {
    const response = await send('POST', `/api/${kind}`, {
      accommodationCondition: { accommodationTime: placement },
      advertisementFormatId: 1,
      channelId,
      price: extra.price ?? 1000,
      ...(kind === 'sale'
        ? {
            advertisementTypeId: 2,
            statusId: 1,
            saleDate: placement.slice(0, 10),
            externalChannelInfo: { name: extra.external ?? 'Канал рекламодателя' },
          }
        : {
            purchaseDate: placement.slice(0, 10),
            externalChannel: { name: extra.external ?? 'Канал продавца' },
          }),
      ...(extra.paymentDueDate ? { paymentDueDate: extra.paymentDueDate } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  /** What the bot sent Anna since `from` (the count of sendMessage calls before). */
  const sentSince = (from: number) =>
    fake
      .sent('sendMessage')
      .slice(from)
      .filter((params) => Number(params.chat_id) === anna.id);
  const sentCount = () => fake.sent('sendMessage').length;
  /** Runs the due jobs on `server` at the clock's now and answers the texts it sent Anna. */
  const remind = async (server = app) => {
    const from = sentCount();
    await server.jobs.runDue();
    return sentSince(from).map((params) => String(params.text));
  };
  const details = (kind: string, id: number) => `<a href="${PUBLIC_URL}/${kind}/${id}">детали</a>`;

  beforeAll(async () => {
    fake = await startFakeTelegram([]);
    database = await freshDatabase();
    app = await start();
    const me = await signInWith(app, 'reminders');
    mine = me.headers;
    teamId = me.member.teamId;
    const [row] = await app.db
      .insert(channels)
      .values({
        teamId,
        name: 'Наш <канал>',
        telegramNickName: 'our_channel',
        ownerEmployeeId: me.member.employeeId,
      })
      .returning({ id: channels.id });
    channelId = row?.id ?? 0;
    await linkTelegram(app, fake, mine, anna);
    expect((await settingsOf(app, mine)).telegram.linked).toBe(true);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await fake.close();
  });

  it('reminds the responsible person once, when the lead time comes, on the team clock, with a link', async () => {
    const sale = await deal('sale', '2026-06-10T15:00:00+03:00');
    const purchase = await deal('purchase', '2026-06-10T18:00:00+03:00');
    at('2026-06-10T13:58:59+03:00');
    expect(await remind()).toEqual([]);

    at('2026-06-10T14:00:00+03:00');
    const from = sentCount();
    expect(await remind()).toEqual([
      `Сегодня в 15:00 выходит реклама в «Наш &lt;канал&gt;» (продажа) — ${details('sale', sale)}`,
    ]);
    expect(sentSince(from)[0]).toMatchObject({ parse_mode: 'HTML' });
    at('2026-06-10T14:01:00+03:00');
    expect(await remind()).toEqual([]);

    at('2026-06-10T17:00:30+03:00');
    expect(await remind()).toEqual([
      `Сегодня в 18:00 выходит реклама «Наш &lt;канал&gt;» в «Канал продавца» (закупка) — ${details('purchase', purchase)}`,
    ]);
    at('2026-06-10T18:00:00+03:00');
    expect(await remind()).toEqual([]);
    const rows = await app.db.select().from(sentNotifications).where(eq(sentNotifications.teamId, teamId));
    expect(rows.map((row) => row.sentAt !== null)).toEqual([true, true]);
  });

  it('sends once across a restart; one missed while down goes when it is back, never after the placement', async () => {
    const first = await deal('sale', '2026-06-11T12:00:00+03:00');
    await deal('sale', '2026-06-11T13:00:00+03:00');
    const third = await deal('sale', '2026-06-11T14:00:00+03:00');
    at('2026-06-11T11:00:00+03:00');
    expect(await remind()).toEqual([
      `Сегодня в 12:00 выходит реклама в «Наш &lt;канал&gt;» (продажа) — ${details('sale', first)}`,
    ]);

    await app.close();
    app = await start();
    at('2026-06-11T11:01:00+03:00');
    expect(await remind()).toEqual([]);

    // Down from 11:02 to 13:30: the 13:00 placement happened meanwhile, the 14:00 one is still ahead.
    await app.close();
    at('2026-06-11T13:30:00+03:00');
    app = await start();
    expect(await remind()).toEqual([
      `Сегодня в 14:00 выходит реклама в «Наш &lt;канал&gt;» (продажа) — ${details('sale', third)}`,
    ]);
  });

  it('sends one message when two servers on one database run the reminders at once', async () => {
    const other = await start();
    try {
      await deal('sale', '2026-06-12T15:00:00+03:00');
      await deal('purchase', '2026-06-12T16:00:00+03:00');
      at('2026-06-12T14:00:00+03:00');
      let from = sentCount();
      await Promise.all([app.jobs.runDue(), other.jobs.runDue()]);
      expect(sentSince(from)).toHaveLength(1);

      // Both servers found the same reminder due before either claimed it: the claim lets one of them send.
      at('2026-06-12T15:00:00+03:00');
      const ctxOf = (server: FastifyInstance): JobContext => ({
        db: server.db,
        telegram: server.telegram,
        config: server.config,
        log: server.log,
        now: server.clock,
      });
      const found = await Promise.all(
        [app, other].map((server) => duePlacements(server.db, [teamId], now, 60)),
      );
      expect(found.map((due) => due.length)).toEqual([1, 1]);
      from = sentCount();
      await Promise.all(
        [app, other].map((server, i) => {
          const reminder = found[i]?.[0];
          return reminder && sendOnce(ctxOf(server), reminder, 'Напоминание');
        }),
      );
      expect(sentSince(from)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('honours the switches: nothing with posting or the bot off; the lead time is the person’s own', async () => {
    const sale = await deal('sale', '2026-06-13T15:00:00+03:00');
    await patchSettings({ notifyPosting: false });
    at('2026-06-13T14:00:00+03:00');
    expect(await remind()).toEqual([]);
    await patchSettings({ notifyPosting: true, botEnabled: false });
    at('2026-06-13T14:01:00+03:00');
    expect(await remind()).toEqual([]);
    // Back on before the placement: the reminder still goes.
    await patchSettings({ botEnabled: true });
    at('2026-06-13T14:02:00+03:00');
    expect(await remind()).toEqual([
      `Сегодня в 15:00 выходит реклама в «Наш &lt;канал&gt;» (продажа) — ${details('sale', sale)}`,
    ]);

    await patchSettings({ remindMinutesBefore: 15 });
    await deal('sale', '2026-06-13T17:00:00+03:00');
    at('2026-06-13T16:44:00+03:00');
    expect(await remind()).toEqual([]);
    at('2026-06-13T16:45:00+03:00');
    expect(await remind()).toHaveLength(1);
    await patchSettings({ remindMinutesBefore: 60 });
  });

  it('tells on the morning a payment falls due what is still owed, and only that day', async () => {
    const sale = await deal('sale', '2026-06-01T12:00:00+03:00', {
      price: 10000,
      paymentDueDate: '2026-06-15',
    });
    expect(
      (await send('POST', `/api/sale/${sale}/payments`, { amount: 2500, paidAt: '2026-06-02' })).statusCode,
    ).toBe(201);
    const purchase = await deal('purchase', '2026-06-01T12:00:00+03:00', {
      price: 3000.5,
      paymentDueDate: '2026-06-15',
    });
    const paid = await deal('sale', '2026-06-01T13:00:00+03:00', {
      price: 500,
      paymentDueDate: '2026-06-15',
    });
    expect(
      (await send('POST', `/api/sale/${paid}/payments`, { amount: 500, paidAt: '2026-06-02' })).statusCode,
    ).toBe(201);
    // Due the day before, while the server was down: not told a day late.
    await deal('sale', '2026-06-01T14:00:00+03:00', { paymentDueDate: '2026-06-14' });

    at('2026-06-15T08:59:59+03:00');
    expect(await remind()).toEqual([]);
    at('2026-06-15T09:00:00+03:00');
    expect((await remind()).sort()).toEqual(
      [
        `Сегодня срок оплаты: продажа в «Наш &lt;канал&gt;», рекламодатель должен ещё 7${NBSP}500${NBSP}руб — ${details('sale', sale)}`,
        `Сегодня срок оплаты: закупка в «Канал продавца», продавцу осталось заплатить 3${NBSP}000,50${NBSP}руб — ${details('purchase', purchase)}`,
      ].sort(),
    );
    at('2026-06-15T12:00:00+03:00');
    expect(await remind()).toEqual([]);
    at('2026-06-16T09:00:00+03:00');
    expect(await remind()).toEqual([]);

    await patchSettings({ notifyPayments: false });
    await deal('sale', '2026-06-01T15:00:00+03:00', { paymentDueDate: '2026-06-17' });
    at('2026-06-17T09:00:00+03:00');
    expect(await remind()).toEqual([]);
    await patchSettings({ notifyPayments: true });
  });

  it('unlinks a person who blocked the bot, and tries them no more', async () => {
    await deal('sale', '2026-06-18T15:00:00+03:00');
    fake.state.blocked.add(anna.id);
    at('2026-06-18T14:00:00+03:00');
    const from = sentCount();
    await app.jobs.runDue();
    expect(fake.sent('sendMessage').slice(from)).toHaveLength(1);
    expect((await settingsOf(app, mine)).telegram).toEqual({
      available: true,
      linked: false,
      username: null,
    });
    at('2026-06-18T14:01:00+03:00');
    await app.jobs.runDue();
    expect(fake.sent('sendMessage').slice(from)).toHaveLength(1);

    fake.state.blocked.delete(anna.id);
    await linkTelegram(app, fake, mine, anna);
  });

  it('loses a reminder claimed by a server that died before sending it, rather than sending it twice', async () => {
    const sale = await deal('sale', '2026-06-19T15:00:00+03:00');
    const placementAt = new Date('2026-06-19T12:00:00Z');
    const employeeId = (await app.inject({ url: '/api/employee', headers: mine })).json().id;
    await app.db
      .insert(sentNotifications)
      .values({ teamId, kind: 'placement', dealId: sale, employeeId, dueAt: placementAt });
    at('2026-06-19T14:30:00+03:00');
    expect(await remind()).toEqual([]);
  });

  it('reminds the deal’s own person; the master when it has none or they left; nothing of deleted or cancelled deals', async () => {
    const master = (await app.inject({ url: '/api/employee', headers: mine })).json().id as number;
    const [member] = await app.db
      .insert(employees)
      .values({ teamId, managerId: master, firstName: 'Борис' })
      .returning({ id: employees.id });
    const boris = member?.id ?? 0;
    await app.db.insert(userSettings).values({ teamId, employeeId: boris, telegramChatId: 9102 });
    const theirs = await deal('sale', '2026-06-19T18:00:00+03:00');
    const removed = await deal('sale', '2026-06-19T18:10:00+03:00');
    const deleted = await deal('sale', '2026-06-19T18:20:00+03:00');
    const cancelled = await deal('sale', '2026-06-19T18:30:00+03:00');
    for (const id of [theirs, removed])
      await app.db
        .update(deals)
        .set({ employeeId: boris })
        .where(and(eq(deals.teamId, teamId), eq(deals.id, id)));
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/sale/${deleted}`,
          headers: { ...mine, ...sameOrigin },
        })
      ).statusCode,
    ).toBe(204);
    // 'Отменена' of sales (deal_statuses.cancels).
    await app.db
      .update(deals)
      .set({ statusId: 7 })
      .where(and(eq(deals.teamId, teamId), eq(deals.id, cancelled)));

    at('2026-06-19T17:00:00+03:00');
    const from = sentCount();
    await app.jobs.runDue();
    expect(
      fake
        .sent('sendMessage')
        .slice(from)
        .map((params) => [params.chat_id, params.text]),
    ).toEqual([
      [9102, `Сегодня в 18:00 выходит реклама в «Наш &lt;канал&gt;» (продажа) — ${details('sale', theirs)}`],
    ]);
    await app.db
      .update(employees)
      .set({ removedAt: now })
      .where(and(eq(employees.teamId, teamId), eq(employees.id, boris)));
    // Boris left: the master answers for both his deals now, and is told of the one Boris was told about too.
    at('2026-06-19T17:30:00+03:00');
    expect((await remind()).sort()).toEqual([
      `Сегодня в 18:00 выходит реклама в «Наш &lt;канал&gt;» (продажа) — ${details('sale', theirs)}`,
      `Сегодня в 18:10 выходит реклама в «Наш &lt;канал&gt;» (продажа) — ${details('sale', removed)}`,
    ]);
  });

  it("tells the time in the team's zone: tomorrow in Novosibirsk, across a DST change in Berlin", async () => {
    await patchSettings({ timeZone: 'Asia/Novosibirsk' });
    const night = await deal('sale', '2026-06-21T00:30:00+07:00');
    at('2026-06-20T23:30:00+07:00');
    expect(await remind()).toEqual([
      `Завтра в 00:30 выходит реклама в «Наш &lt;канал&gt;» (продажа) — ${details('sale', night)}`,
    ]);

    // A day ahead over the night the clocks go forward (28 March 2027): 10:00 is 23 hours after 09:00 the day before.
    await patchSettings({ timeZone: 'Europe/Berlin', remindMinutesBefore: 1440 });
    const spring = await deal('purchase', '2027-03-28T10:00:00+02:00', { external: 'Канал в Берлине' });
    at('2027-03-27T08:59:59+01:00');
    expect(await remind()).toEqual([]);
    at('2027-03-27T09:00:00+01:00');
    expect(await remind()).toEqual([
      `Завтра в 10:00 выходит реклама «Наш &lt;канал&gt;» в «Канал в Берлине» (закупка) — ${details('purchase', spring)}`,
    ]);
    const far = await deal('sale', '2027-03-29T08:00:00+02:00');
    at('2027-03-28T08:00:00+02:00');
    expect(await remind()).toEqual([
      `Завтра в 08:00 выходит реклама в «Наш &lt;канал&gt;» (продажа) — ${details('sale', far)}`,
    ]);
    const rows = await app.db
      .select()
      .from(sentNotifications)
      .where(and(eq(sentNotifications.teamId, teamId), eq(sentNotifications.dealId, spring)));
    expect(rows).toHaveLength(1);
  });
});
