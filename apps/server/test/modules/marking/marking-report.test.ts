import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, markingReports } from '../../../src/db/schema/index.js';
import { vatOf } from '../../../src/modules/marking/marking-report.facts.js';
import { FAKE_ORD_KEY, type FakeVkOrd, startFakeVkOrd } from '../../helpers/fake-vk-ord.js';
import { callWith, createTestApp } from '../../helpers/test-app.js';
import { signInWith } from '../../helpers/users.js';

// Issue 35, 'Отправить в ОРД' for a month: each deal we registered, with its erid, gets its statistics and its act sent
// through the job queue to a local fake VK ОРД that validates every body by VK ОРД's own description; the marks are
// queued with the jobs, a failure is told in Russian, an ОРД that does not answer is tried again.

type Who = { cookie: string };
const MONTH = '2026-10';
const TEAM = { type: 'juridical', name: 'ООО «Канал»', inn: '7707083893', kpp: '770701001' };
const ADVERTISER = { type: 'ip', name: 'ИП Петров', inn: '500100732259' };
const CONTRACT = {
  number: 'Д-7',
  date: '2026-10-01',
  type: 'service',
  subject: 'distribution',
  amount: 1500,
};
const CREATIVE = { form: 'text_block', text: 'Подпишитесь', urls: ['https://t.me/our'], kktu: '30.15.1' };

describe('POST /api/marking/months/{yyyy-mm}/send', () => {
  let fake: FakeVkOrd;
  let app: FastifyInstance;
  let owner: Who;
  let keyless: Who;
  let teamId: number;
  let channelId: number;
  let now = new Date('2026-11-05T09:00:00Z');

  const call = (who: Who, method: string, url: string, body?: object) =>
    callWith(app, who, method, url, body);
  const runJobs = async (minutes = 0) => {
    now = new Date(now.getTime() + minutes * 60_000);
    await app.jobs.runDue();
  };
  /** A sale of October registered with the fake: its erid on the card. */
  const registeredSale = async (day: string, price: number) => {
    const made = await call(owner, 'POST', '/api/sale', {
      accommodationCondition: { accommodationTime: `${day}T12:00:00+03:00` },
      advertisementFormatId: 1,
      advertisementTypeId: 2,
      statusId: 1,
      channelId,
      price,
      saleDate: day,
      contactPerson: { name: 'Пётр' },
    });
    const id = made.json().id as number;
    const body = { registeredBy: 'us', advertiser: ADVERTISER, contract: CONTRACT, creative: CREATIVE };
    expect((await call(owner, 'PUT', `/api/sale/${id}/marking`, body)).json().state).toBe('ready');
    expect((await call(owner, 'POST', `/api/sale/${id}/marking/register`)).statusCode).toBe(202);
    await runJobs();
    expect((await call(owner, 'GET', `/api/sale/${id}/marking`)).json().erid).toBeTruthy();
    return id;
  };
  const report = async (dealId: number) => {
    const [row] = await app.db
      .select()
      .from(markingReports)
      .where(and(eq(markingReports.teamId, teamId), eq(markingReports.dealId, dealId)));
    return row;
  };
  const monthDeal = async (id: number) =>
    (await call(owner, 'GET', `/api/marking/months/${MONTH}`))
      .json()
      .deals.find((d: { id: number }) => d.id === id);

  beforeAll(async () => {
    fake = await startFakeVkOrd();
    app = await createTestApp(
      { ORD_VK_API_ROOT: fake.url, ORD_VK_SANDBOX_ROOT: `${fake.url}/sandbox` },
      { clock: () => now },
    );
    const me = await signInWith(app, 'report-owner');
    owner = me;
    teamId = me.member.teamId;
    keyless = await signInWith(app, 'report-keyless');
    const [channel] = await app.db
      .insert(channels)
      .values({
        teamId,
        name: 'Наш канал',
        telegramNickName: 'report_ch',
        ownerEmployeeId: me.member.employeeId,
      })
      .returning({ id: channels.id });
    channelId = channel?.id ?? 0;
    expect((await call(owner, 'PUT', '/api/team/legal', TEAM)).statusCode).toBe(200);
    const key = await call(owner, 'PUT', '/api/team/ord', {
      provider: 'vk',
      sandbox: false,
      apiKey: FAKE_ORD_KEY,
    });
    expect(key.statusCode, key.body).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it("states VAT inside a price to the kopeck, at the rate of the act's date", () => {
    expect(vatOf(1220, true, '2026-10-14')).toEqual({
      rate: '22',
      vat: 220,
      excluding: 1000,
      including: 1220,
    });
    expect(vatOf(1000.01, true, '2025-12-31')).toEqual({
      rate: '20',
      vat: 166.67,
      excluding: 833.34,
      including: 1000.01,
    });
    expect(vatOf(0.1 + 0.2, false, '2026-10-14')).toEqual({
      rate: 'without_vat',
      vat: 0,
      excluding: 0.3,
      including: 0.3,
    });
  });

  it('refuses a team without an ОРД key in Russian, queueing nothing', async () => {
    const refused = await call(keyless, 'POST', `/api/marking/months/${MONTH}/send`);
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      'Сначала добавьте ключ API ОРД в настройках',
    ]);
  });

  it('queues the statistics and the act with their marks, sends them, and the card and the month say act_sent', async () => {
    const id = await registeredSale('2026-10-14', 1500.55);
    expect((await call(owner, 'PUT', `/api/sale/${id}/marking/views`, { views: 4200 })).statusCode).toBe(200);
    const sent = await call(owner, 'POST', `/api/marking/months/${MONTH}/send`);
    expect([sent.statusCode, sent.json()]).toEqual([202, { queued: 1 }]);
    expect(await report(id)).toMatchObject({ statistics: 'queued', act: 'queued', views: 4200 });
    expect(await monthDeal(id)).toMatchObject({
      statistics: { status: 'queued', message: null },
      act: { status: 'queued', message: null },
    });
    // A second click while they wait queues nothing more.
    expect((await call(owner, 'POST', `/api/marking/months/${MONTH}/send`)).json()).toEqual({ queued: 0 });
    await runJobs();
    expect(await report(id)).toMatchObject({ statistics: 'done', act: 'done' });
    const [statistics] = [...fake.objects.statistics.values()] as Record<string, unknown>[];
    expect(statistics).toMatchObject({
      creative_external_id: `addesk-${teamId}-creative-${id}`,
      pad_external_id: `addesk-${teamId}-pad-${channelId}`,
      shows_count: 4200,
      date_start_actual: '2026-10-14',
      date_end_actual: '2026-10-14',
    });
    expect(fake.objects.invoice.get(`addesk-${teamId}-invoice-${id}`)).toMatchObject({
      contract_external_id: `addesk-${teamId}-contract-${id}`,
      amount: { services: { including_vat: '1500.55', vat_rate: 'without_vat' } },
    });
    expect((await call(owner, 'GET', `/api/sale/${id}/marking`)).json().state).toBe('act_sent');
    expect(await monthDeal(id)).toMatchObject({ state: 'act_sent', statistics: { status: 'done' } });
    expect((await call(owner, 'GET', `/api/marking/months/${MONTH}`)).json().totals.sent).toBe(1);
    // Nothing left to send.
    expect((await call(owner, 'POST', `/api/marking/months/${MONTH}/send`)).json()).toEqual({ queued: 0 });
  });

  it('tries again when the ОРД does not answer, and fails at once, in Russian, what it refuses or lacks', async () => {
    const retried = await registeredSale('2026-10-20', 800);
    await call(owner, 'PUT', `/api/sale/${retried}/marking/views`, { views: 10 });
    const noViews = await registeredSale('2026-10-21', 900);
    expect((await call(owner, 'POST', `/api/marking/months/${MONTH}/send`)).json()).toEqual({ queued: 2 });
    fake.failNext(1, 503, undefined, 'v3-create-statistics');
    await runJobs();
    // The one without views: its statistics fail with what to do, its act goes.
    expect(await report(noViews)).toMatchObject({
      statistics: 'failed',
      statisticsError: 'Нет числа просмотров: введите его в отчёте за месяц',
      act: 'done',
    });
    expect((await report(retried))?.act).toBe('queued');
    await runJobs(61);
    expect(await report(retried)).toMatchObject({ statistics: 'done', act: 'done' });

    // A wrong key: failed with the ОРД's words, no retry.
    await call(owner, 'PUT', '/api/team/ord', { provider: 'vk', sandbox: false, apiKey: 'wrong-key' });
    await call(owner, 'PUT', `/api/sale/${noViews}/marking/views`, { views: 77 });
    expect((await call(owner, 'POST', `/api/marking/months/${MONTH}/send`)).json()).toEqual({ queued: 1 });
    await runJobs();
    expect(await report(noViews)).toMatchObject({
      statistics: 'failed',
      statisticsError: 'ОРД не принял ключ API — проверьте его в настройках',
      act: 'done',
    });
    const requests = fake.requests.length;
    await runJobs(120);
    // Nothing is sent again; ЕРИР's status of the registered creatives goes on being asked (deal-registration.jobs).
    expect(
      fake.requests.slice(requests).filter((r) => r.operationId !== 'v1-get-object-processing-status'),
    ).toEqual([]);
  });

  it('queues a deal once when two sends come at once (PostgreSQL runs them side by side)', async () => {
    await call(owner, 'PUT', '/api/team/ord', { provider: 'vk', sandbox: false, apiKey: FAKE_ORD_KEY });
    const id = await registeredSale('2026-10-23', 700);
    await call(owner, 'PUT', `/api/sale/${id}/marking/views`, { views: 5 });
    const both = await Promise.all([
      call(owner, 'POST', `/api/marking/months/${MONTH}/send`),
      call(owner, 'POST', `/api/marking/months/${MONTH}/send`),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([202, 202]);
    const twice = await app.db.execute(sql`
      select payload->>'dealId' as deal from jobs
      where kind = 'marking.report' and done_at is null
      group by payload->>'dealId' having count(*) > 1`);
    expect(twice.rows).toEqual([]);
    const queued = await app.db.execute(sql`
      select count(*)::int as n from jobs where kind = 'marking.report' and done_at is null`);
    expect(both[0].json().queued + both[1].json().queued).toBe((queued.rows[0] as { n: number }).n);
    await runJobs();
    expect(await report(id)).toMatchObject({ statistics: 'done', act: 'done' });
  });
});
