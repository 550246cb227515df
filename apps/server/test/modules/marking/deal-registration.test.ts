import { CHANNEL_ROLE } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamOrd } from '../../../src/db/schema/index.js';
import { FAKE_ORD_KEY, type FakeVkOrd, startFakeVkOrd } from '../../helpers/fake-vk-ord.js';
import { callerOf } from '../../helpers/team.js';
import { callWith, createTestApp, signInDemo } from '../../helpers/test-app.js';
import { sessionAs } from '../../helpers/users.js';

// Issue 35: the team's ОРД account (the key sealed, write-only, never logged) and a deal registered with VK ОРД through
// the job queue, against a local fake that validates every request by VK ОРД's own OpenAPI description.

const TEAM = { type: 'juridical', name: 'ООО «Канал»', inn: '7707083893', kpp: '770701001' };
const ADVERTISER = { type: 'ip', name: 'ИП Петров', inn: '500100732259' };
const SELLER = { type: 'juridical', name: 'ООО «Продавец»', inn: '7736207543' };
const CONTRACT = {
  number: 'Д-7',
  date: '2026-11-02',
  type: 'service',
  subject: 'distribution',
  amount: 15000.5,
};
const CREATIVE = {
  form: 'text_block',
  text: 'Подпишитесь на наш канал',
  urls: ['https://t.me/our'],
  kktu: '30.15.1',
};

describe('the ОРД account and a deal registered with it', () => {
  let fake: FakeVkOrd;
  let app: FastifyInstance;
  let owner: { cookie: string };
  let manager: { cookie: string };
  let stranger: { cookie: string };
  let channelId: number;
  let now = new Date('2026-11-20T09:00:00Z');
  const lines: string[] = [];

  const call = (who: { cookie: string }, method: string, url: string, body?: object) =>
    callWith(app, who, method, url, body);
  const purchase = async () => {
    const made = await call(owner, 'POST', '/api/purchase', {
      accommodationCondition: { accommodationTime: '2026-11-21T12:00:00+03:00', durationType: 'INFINITY' },
      advertisementFormatId: 1,
      channelId,
      price: 15000.5,
      purchaseDate: '2026-11-20',
      externalChannel: { name: 'Канал продавца' },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().id as number;
  };
  const ready = async (kind: 'sale' | 'purchase', id: number) => {
    const saved = await call(owner, 'PUT', `/api/${kind}/${id}/marking`, {
      registeredBy: 'us',
      advertiser: kind === 'sale' ? ADVERTISER : TEAM,
      ...(kind === 'purchase' ? { seller: SELLER } : {}),
      contract: CONTRACT,
      creative: CREATIVE,
    });
    expect(saved.json().state, JSON.stringify(saved.json().missing)).toBe('ready');
  };
  /** Moves the clock and runs the jobs due then. */
  const runJobs = async (minutes = 0) => {
    now = new Date(now.getTime() + minutes * 60_000);
    await app.jobs.runDue();
  };
  /** The operations sent to the ОРД since `from`, but ЕРИР's status checks, which earlier deals go on asking. */
  const sentSince = (from: number) =>
    fake.requests
      .slice(from)
      .map((r) => r.operationId)
      .filter((op) => op !== 'v1-get-object-processing-status');
  const marking = async (kind: string, id: number) =>
    (await call(owner, 'GET', `/api/${kind}/${id}/marking`)).json();

  beforeAll(async () => {
    fake = await startFakeVkOrd();
    app = await createTestApp(
      {
        ORD_VK_API_ROOT: fake.url,
        ORD_VK_SANDBOX_ROOT: `${fake.url}/sandbox-is-elsewhere`,
        LOG_LEVEL: 'trace',
      },
      { clock: () => now, logStream: { write: (line) => void lines.push(line) } },
    );
    owner = await signInDemo(app, 'ord-owner');
    stranger = await signInDemo(app, 'ord-stranger');
    const { teamId } = await callerOf(app, owner);
    channelId = (await call(owner, 'GET', '/api/channel?limit=1')).json().items[0].id;
    const person = (await call(owner, 'POST', '/api/employee', { firstName: 'Закупщик' })).json();
    await call(owner, 'POST', `/api/employee/${person.id}/assignOnChannel`, {
      channelId,
      employeeChannelRoleId: CHANNEL_ROLE.purchases,
    });
    manager = await sessionAs(app, teamId, person.id);
    expect((await call(owner, 'PUT', '/api/team/legal', TEAM)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('keeps the key sealed and write-only: answered as keySet, kept when absent, removed when empty', async () => {
    expect((await call(owner, 'GET', '/api/team/ord')).json()).toEqual({
      provider: 'vk',
      sandbox: false,
      keySet: false,
    });
    const saved = await call(owner, 'PUT', '/api/team/ord', {
      provider: 'vk',
      sandbox: false,
      apiKey: FAKE_ORD_KEY,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ provider: 'vk', sandbox: false, keySet: true });
    expect(saved.body).not.toContain(FAKE_ORD_KEY);
    const [row] = await app.db.select().from(teamOrd);
    expect(row?.apiKeySealed).toMatch(/^v1\./);
    expect(row?.apiKeySealed).not.toContain(FAKE_ORD_KEY);
    // Without a key in the body the saved one stays.
    expect((await call(owner, 'PUT', '/api/team/ord', { sandbox: true })).json().keySet).toBe(true);
    expect((await call(owner, 'PUT', '/api/team/ord', { sandbox: false, apiKey: '' })).json().keySet).toBe(
      false,
    );
    expect(
      (await call(owner, 'PUT', '/api/team/ord', { sandbox: false, apiKey: FAKE_ORD_KEY })).json().keySet,
    ).toBe(true);
  });

  it('refuses bad settings with Russian field errors, and lets only the owner in', async () => {
    for (const body of [
      { sandbox: 'да' },
      { apiKey: 'два слова' },
      { provider: 'yandex' },
      { apiKey: 'x'.repeat(501) },
    ]) {
      const response = await call(owner, 'PUT', '/api/team/ord', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/[а-яё]/i);
      expect(Object.keys(response.json().fieldErrors ?? {})).toHaveLength(1);
    }
    expect((await call(owner, 'GET', '/api/team/ord')).json()).toMatchObject({
      keySet: true,
      sandbox: false,
    });
    expect((await call(manager, 'GET', '/api/team/ord')).statusCode).toBe(403);
    expect((await call(manager, 'PUT', '/api/team/ord', { apiKey: 'x' })).statusCode).toBe(403);
    // Another team has its own account.
    expect((await call(stranger, 'GET', '/api/team/ord')).json().keySet).toBe(false);
  });

  it('registers a purchase end to end: persons, contract, pad and creative, then the erid on its card', async () => {
    const id = await purchase();
    await ready('purchase', id);
    const before = fake.requests.length;
    const queued = await call(owner, 'POST', `/api/purchase/${id}/marking/register`);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json()).toEqual({ registration: { status: 'queued', message: null } });
    expect((await marking('purchase', id)).registration).toEqual({ status: 'queued', message: null });
    await runJobs();
    expect(sentSince(before)).toEqual([
      'v1-create-person',
      'v1-create-person',
      'v1-create-contract',
      'v1-create-pad',
      'v3-create-creative',
    ]);
    const done = await marking('purchase', id);
    expect(done.registration).toEqual({ status: 'done', message: null });
    expect(done.erid).toMatch(/^[A-Za-z0-9]+$/);
    expect(done.state).toBe('erid_received');
    expect(done.marker).toBe(`Реклама. ООО «Канал», ИНН 7707083893. erid: ${done.erid}`);
    // Our team is the client of a purchase, the seller its contractor and the pad's owner.
    const { teamId } = await callerOf(app, owner);
    const contract = fake.objects.contract.get(`addesk-${teamId}-contract-${id}`) as Record<string, unknown>;
    expect(contract).toMatchObject({
      client_external_id: `addesk-${teamId}-person-${TEAM.inn}`,
      contractor_external_id: `addesk-${teamId}-person-${SELLER.inn}`,
      amount: '15000.50',
      serial: 'Д-7',
    });
    // ЕРИР's verdict, asked 10 minutes after the erid came and hourly while it is processing.
    await runJobs(11);
    expect((await marking('purchase', id)).erirStatus).toBe('в обработке');
    fake.setErirStatus(`addesk-${teamId}-creative-${id}`, 'bad', ['Неверный код ККТУ']);
    await runJobs(61);
    expect((await marking('purchase', id)).erirStatus).toBe('отклонён: Неверный код ККТУ');
    // Asking again once the erid is there is refused.
    const again = await call(owner, 'POST', `/api/purchase/${id}/marking/register`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('erid уже получен: регистрировать заново не нужно');
  });

  it('after the ОРД fails mid-way, the queue tries again later and sends only what it had not accepted', async () => {
    const id = await purchase();
    await ready('purchase', id);
    fake.failNext(1, 503, undefined, 'v1-create-pad');
    const before = fake.requests.length;
    expect((await call(owner, 'POST', `/api/purchase/${id}/marking/register`)).statusCode).toBe(202);
    await runJobs();
    expect((await marking('purchase', id)).registration).toEqual({
      status: 'queued',
      message: 'ОРД не отвечает, попробуем ещё раз',
    });
    // Not before the queue's pause (30 s after the first try).
    await runJobs(0.25);
    expect(fake.requests.length - before).toBe(4);
    await runJobs(1);
    expect(sentSince(before)).toEqual([
      'v1-create-person',
      'v1-create-person',
      'v1-create-contract',
      'v1-create-pad',
      'v1-create-pad',
      'v3-create-creative',
    ]);
    expect(await marking('purchase', id)).toMatchObject({
      state: 'erid_received',
      registration: { status: 'done', message: null },
    });
  });

  it('tells the user once the queue gives up on an ОРД that never answers', async () => {
    const id = await purchase();
    await ready('purchase', id);
    fake.failNext(5, 500, undefined, 'v1-create-person');
    expect((await call(owner, 'POST', `/api/purchase/${id}/marking/register`)).statusCode).toBe(202);
    for (let attempt = 0; attempt < 5; attempt++) await runJobs(61);
    expect((await marking('purchase', id)).registration).toEqual({
      status: 'failed',
      message: 'ОРД не ответил после нескольких попыток — повторите позже',
    });
  });

  it('says a refused key in Russian, and the key never reaches a log line even at trace', async () => {
    const id = await purchase();
    await ready('purchase', id);
    await call(owner, 'PUT', '/api/team/ord', { apiKey: 'wrong-key-4f1a9c' });
    expect((await call(owner, 'POST', `/api/purchase/${id}/marking/register`)).statusCode).toBe(202);
    await runJobs();
    expect((await marking('purchase', id)).registration).toEqual({
      status: 'failed',
      message: 'ОРД не принял ключ API — проверьте его в настройках',
    });
    // Nothing is retried: a refused key does not get better by asking again.
    const sent = fake.requests.length;
    await runJobs(60);
    expect(sentSince(sent)).toEqual([]);
    await call(owner, 'PUT', '/api/team/ord', { apiKey: FAKE_ORD_KEY });
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of ['wrong-key-4f1a9c', FAKE_ORD_KEY]) {
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });

  it('queues only what is ready, with a key, for whoever may change the deal, and only once at a time', async () => {
    const id = await purchase();
    const early = await call(owner, 'POST', `/api/purchase/${id}/marking/register`);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('В ОРД регистрирует тот, кто выбрал «Мы»');
    await call(owner, 'PUT', `/api/purchase/${id}/marking`, { registeredBy: 'us', contract: CONTRACT });
    const partial = await call(owner, 'POST', `/api/purchase/${id}/marking/register`);
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toMatch(/^Не хватает данных: .*Продавец: ИНН/);
    await ready('purchase', id);
    await call(owner, 'PUT', '/api/team/ord', { apiKey: '' });
    const keyless = await call(owner, 'POST', `/api/purchase/${id}/marking/register`);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().message).toBe('Сначала добавьте ключ API ОРД в настройках');
    await call(owner, 'PUT', '/api/team/ord', { apiKey: FAKE_ORD_KEY });
    // Another team's deal is a missing one; a person who sees it but may not change it is refused.
    expect((await call(stranger, 'POST', `/api/purchase/${id}/marking/register`)).statusCode).toBe(404);
    const twice = await Promise.all([
      call(owner, 'POST', `/api/purchase/${id}/marking/register`),
      call(owner, 'POST', `/api/purchase/${id}/marking/register`),
    ]);
    expect(twice.map((r) => r.statusCode)).toEqual([202, 202]);
    const jobs = await app.db.execute(
      `select count(*)::int as n from jobs where kind = 'marking.register' and payload->>'dealId' = '${id}'`,
    );
    expect((jobs.rows[0] as { n: number }).n).toBe(1);
    await runJobs();
    expect((await marking('purchase', id)).state).toBe('erid_received');
  });

  it('puts the quarter’s levy beside /finance’s income: 3 % of the sales, due by the 5th of the third month after', async () => {
    const summary = (await call(owner, 'GET', '/api/finance/summary?from=2026-10-01&to=2026-12-31')).json();
    const levy = await call(owner, 'GET', '/api/marking/levy?quarter=2026-Q4');
    expect(levy.statusCode, levy.body).toBe(200);
    expect(levy.json()).toEqual({
      quarter: '2026-Q4',
      revenue: summary.income,
      levy: Math.round(summary.income * 3) / 100,
      dueDate: '2027-03-05',
    });
    expect((await call(owner, 'GET', '/api/marking/levy?quarter=2026-Q5')).json().fieldErrors).toHaveProperty(
      'quarter',
    );
    expect((await call(manager, 'GET', '/api/marking/levy?quarter=2026-Q4')).statusCode).toBe(403);
  });
});
