import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type OrdContract,
  type OrdCreative,
  OrdError,
  type OrdInvoice,
  type OrdPad,
  type OrdPerson,
  type OrdStatistics,
  ordClient,
  ordRoot,
} from '../../../src/modules/ord/index.js';
import { type FakeVkOrd, startFakeVkOrd } from '../../helpers/fake-vk-ord.js';

// The VK ОРД client against the local fake, which validates every request against the same OpenAPI description: a
// body the description refuses fails these tests. No fetch is mocked; nothing leaves 127.0.0.1.

const advertiser: OrdPerson = {
  name: 'ООО «Ромашка»',
  roles: ['advertiser'],
  juridical_details: { type: 'juridical', inn: '7707083893' },
};
const publisher: OrdPerson = {
  name: 'Иванов Иван Иванович',
  roles: ['publisher'],
  juridical_details: { type: 'ip', inn: '500100732259' },
};
const contract: OrdContract = {
  type: 'service',
  client_external_id: 'person-adv',
  contractor_external_id: 'person-pub',
  date: '2026-11-02',
  serial: 'Д-17',
  subject_type: 'distribution',
  amount: '15000.00',
};
const pad: OrdPad = {
  person_external_id: 'person-pub',
  is_owner: true,
  type: 'web',
  name: 'Финансы для всех',
  url: 'https://t.me/finance_for_all',
};
const creative: OrdCreative = {
  contract_external_ids: ['contract-1'],
  kktus: ['30.10.1'],
  form: 'text_block',
  texts: ['Вклад под 20 % в Ромашка-банке'],
  target_urls: ['https://example.ru/deposit'],
};
const invoice: OrdInvoice = {
  contract_external_id: 'contract-1',
  date: '2026-11-30',
  serial: 'А-5',
  date_start: '2026-11-01',
  date_end: '2026-11-30',
  amount: {
    services: { excluding_vat: '15000.00', vat_rate: 'without_vat', vat: '0', including_vat: '15000.00' },
  },
  client_role: 'advertiser',
  contractor_role: 'publisher',
};
const statistics: OrdStatistics = {
  items: [
    {
      creative_external_id: 'creative-1',
      pad_external_id: 'pad-1',
      shows_count: 12400,
      date_start_actual: '2026-11-03',
      date_end_actual: '2026-11-30',
    },
  ],
};

describe('the VK ОРД client against the fake ОРД', () => {
  let fake: FakeVkOrd;
  const client = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
    ordClient({
      root: fake.url,
      apiKey: options.apiKey ?? fake.apiKey,
      timeoutMs: options.timeoutMs ?? 5_000,
    });
  /** The error a call throws, or a failure if it answers. */
  const failure = async (call: Promise<unknown>) => {
    try {
      await call;
    } catch (error) {
      expect(error).toBeInstanceOf(OrdError);
      return error as OrdError;
    }
    throw new Error('the call answered instead of failing');
  };
  const seed = async () => {
    const ord = client();
    await ord.putPerson('person-adv', advertiser);
    await ord.putPerson('person-pub', publisher);
    await ord.putContract('contract-1', contract);
    await ord.putPad('pad-1', pad);
    return ord;
  };

  beforeAll(async () => {
    fake = await startFakeVkOrd();
  });
  afterEach(() => fake.delay(0));
  afterAll(async () => {
    await fake.close();
  });

  it('creates a person, a contract, a pad, a creative, an act and statistics the description accepts', async () => {
    const ord = await seed();
    const { erid } = await ord.putCreative('creative-1', creative);
    await ord.putInvoice('invoice-1', invoice);
    await ord.postStatistics(statistics);

    expect(erid).toMatch(/^[0-9A-Za-z]+$/);
    expect(fake.objects.person.get('person-adv')).toEqual(advertiser);
    expect(fake.objects.contract.get('contract-1')).toEqual(contract);
    expect(fake.objects.pad.get('pad-1')).toEqual(pad);
    expect(fake.objects.creative.get('creative-1')).toEqual(creative);
    expect(fake.objects.invoice.get('invoice-1')).toEqual(invoice);
    expect([...fake.objects.statistics.values()]).toContainEqual(statistics.items[0]);
    const operations = fake.requests.slice(-7).map((r) => `${r.method} ${r.path} ${r.operationId}`);
    expect(operations).toEqual([
      'PUT /v1/person/person-adv v1-create-person',
      'PUT /v1/person/person-pub v1-create-person',
      'PUT /v1/contract/contract-1 v1-create-contract',
      'PUT /v1/pad/pad-1 v1-create-pad',
      'PUT /v3/creative/creative-1 v3-create-creative',
      'PUT /v4/invoice/invoice-1 v4-create-whole-invoice',
      'POST /v3/statistics v3-create-statistics',
    ]);
  });

  it('a repeated PUT of a creative keeps its erid; another creative gets another', async () => {
    const ord = await seed();
    const first = await ord.putCreative('creative-2', creative);
    const again = await ord.putCreative('creative-2', { ...creative, texts: ['Вклад под 21 %'] });
    const other = await ord.putCreative('creative-3', creative);

    expect(again.erid).toBe(first.erid);
    expect(other.erid).not.toBe(first.erid);
    expect(fake.objects.creative.get('creative-2')).toMatchObject({ texts: ['Вклад под 21 %'] });
  });

  it("a body the description refuses is 'rejected' with the ОРД's text", async () => {
    const ord = client();
    const error = await failure(
      // A contract type the description does not list.
      ord.putContract('contract-bad', { ...contract, type: 'barter' as OrdContract['type'] }),
    );

    expect(error.kind).toBe('rejected');
    expect(error.message).toBe(
      'Запрос не прошёл проверку: type: must be equal to one of the allowed values (service, mediation, additional)',
    );
    expect(fake.objects.contract.has('contract-bad')).toBe(false);
  });

  it("an object naming what the ОРД does not know is 'rejected' (404) with its text", async () => {
    const error = await failure(client().putPad('pad-x', { ...pad, person_external_id: 'nobody' }));

    expect(error.kind).toBe('rejected');
    expect(error.message).toBe('Объект не найден: person_external_id: Контрагент nobody не найден');
  });

  it("a wrong key is 'unauthorized' in Russian, and the key is nowhere in the error", async () => {
    const secret = 'sk-very-secret-0123456789';
    const error = await failure(client({ apiKey: secret }).putPerson('person-adv', advertiser));

    expect(error.kind).toBe('unauthorized');
    expect(error.message).toBe('ОРД не принял ключ API — проверьте его в настройках');
    for (const text of [error.message, String(error.stack), JSON.stringify(error), String(error.cause)]) {
      expect(text).not.toContain(secret);
    }
    expect(fake.requests.at(-1)?.operationId).toBe('v1-create-person');
  });

  it("a 500 is 'unavailable'", async () => {
    fake.failNext(1, 500);
    const error = await failure(client().putPerson('person-adv', advertiser));

    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('ОРД не отвечает, попробуем ещё раз');
    expect(error.retryAfterMs).toBeUndefined();
  });

  it("a 429 is 'unavailable' with the wait its Retry-After asks", async () => {
    fake.failNext(1, 429, '7');
    const error = await failure(client().erirStatus('person', 'person-adv'));

    expect(error.kind).toBe('unavailable');
    expect(error.retryAfterMs).toBe(7_000);
  });

  it("an ОРД slower than timeoutMs is 'unavailable'", async () => {
    fake.delay(1_000);
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 100 }).putPerson('person-adv', advertiser));

    expect(error.kind).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("an ОРД that is not there is 'unavailable'", async () => {
    const gone = await startFakeVkOrd();
    const root = gone.url;
    await gone.close();
    const error = await failure(
      ordClient({ root, apiKey: 'test-ord-key', timeoutMs: 2_000 }).putPerson('person-adv', advertiser),
    );

    expect(error.kind).toBe('unavailable');
  });

  it("reads ЕРИР's status of an object as setErirStatus left it", async () => {
    const ord = await seed();
    expect(await ord.erirStatus('contract', 'contract-1')).toEqual({ status: 'processing', messages: [] });

    fake.setErirStatus('contract-1', 'bad', ['Не указан предмет договора']);
    expect(await ord.erirStatus('contract', 'contract-1')).toEqual({
      status: 'bad',
      messages: ['Не указан предмет договора'],
    });
    fake.setErirStatus('pad-1', 'verified');
    expect(await ord.erirStatus('pad', 'pad-1')).toEqual({ status: 'verified', messages: [] });

    // Corrected data goes through ЕРИР's checks again.
    await ord.putContract('contract-1', { ...contract, subject_type: 'distribution' });
    expect(await ord.erirStatus('contract', 'contract-1')).toEqual({ status: 'processing', messages: [] });
    const unknown = await failure(ord.erirStatus('creative', 'never-sent'));
    expect(unknown.kind).toBe('rejected');
  });

  it('picks the sandbox or production root', () => {
    const config = { apiRoot: 'https://api.ord.vk.com', sandboxRoot: 'https://api-sandbox.ord.vk.com' };
    expect(ordRoot(config, true)).toBe('https://api-sandbox.ord.vk.com');
    expect(ordRoot(config, false)).toBe('https://api.ord.vk.com');
  });
});

describe('the fake ОРД validates against the description', () => {
  let fake: FakeVkOrd;
  beforeAll(async () => {
    fake = await startFakeVkOrd();
  });
  afterAll(async () => {
    await fake.close();
  });

  const put = (path: string, body: unknown, key = fake.apiKey) =>
    fetch(`${fake.url}${path}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses a person without its required roles, in the description’s error shape', async () => {
    const { roles: _, ...withoutRoles } = advertiser;
    const response = await put('/v1/person/p-1', withoutRoles);
    const body = (await response.json()) as {
      error: string;
      errors: { error_code: string; message: string }[];
    };

    expect(response.status).toBe(400);
    expect(body.error).toContain('roles');
    expect(body.errors).toEqual([
      {
        error_code: 'common_validation_required',
        field: 'roles',
        message: "must have required property 'roles'",
      },
    ]);
    expect(fake.objects.person.has('p-1')).toBe(false);
  });

  it('refuses a creative with more than one of contract_external_ids, person_external_id, cids', async () => {
    const response = await put('/v3/creative/c-1', { ...creative, person_external_id: 'person-adv' });
    expect(response.status).toBe(400);
  });

  it('answers 401 in the description’s shape to a wrong key, before looking at the body', async () => {
    const response = await put('/v1/person/p-1', {}, 'wrong');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ errors: [{ error_code: 'common_authorization_error' }] });
  });
});
