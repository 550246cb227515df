import { CLIENT_NOT_FOUND, SAME_CLIENT } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salePayload } from '../../helpers/deal-payload.js';
import { callerOf, countRows } from '../../helpers/team.js';
import { callWith, createTestApp, signInDemo } from '../../helpers/test-app.js';

// Clients (issue 33): the contacts of the team's deals with their money, one client's card, and a merge of two.

type Item = { id: number; name: string; deals: number; total: number; paid: number; debt: number };

describe('clients', () => {
  let app: FastifyInstance;
  let mine: { cookie: string };
  let theirs: { cookie: string };
  let channelId: number;
  let cancelledId: number;
  const call = (method: string, url: string, payload?: object, who = mine) =>
    callWith(app, who, method, url, payload);

  const sale = async (price: number, date: string, contact: object, extra: object = {}) => {
    const answer = await call(
      'POST',
      '/api/sale',
      salePayload(channelId, { price, saleDate: date, contactPerson: contact, ...extra }),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as { id: number; contactPerson: { id: number } };
  };
  const purchase = async (price: number, date: string, contact: object) => {
    const answer = await call('POST', '/api/purchase', {
      accommodationCondition: { accommodationTime: `${date}T12:00:00+03:00` },
      advertisementFormatId: 1,
      channelId,
      price,
      purchaseDate: date,
      contactPerson: contact,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as { id: number };
  };
  const find = async (q: string, who = mine) => {
    const answer = await call('GET', `/api/clients?q=${encodeURIComponent(q)}`, undefined, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().items as Item[];
  };

  let alfa: number;
  let saleId: number;
  beforeAll(async () => {
    app = await createTestApp();
    mine = await signInDemo(app, 'clients');
    theirs = await signInDemo(app, 'clients-other');
    channelId = (await call('GET', '/api/channel?limit=1')).json().items[0].id;
    const statuses = (await call('GET', '/api/sale/statuses')).json() as { id: number; name: string }[];
    cancelledId = statuses.find((s) => s.name === 'Отменена')?.id ?? 0;

    const first = await sale(10_000, '2026-03-01', { name: 'Альфа Клиентов', profileLink: 'alfa_client' });
    alfa = first.contactPerson.id;
    saleId = first.id;
    expect(
      (await call('POST', `/api/sale/${first.id}/payments`, { amount: 4000, paidAt: '2026-03-02' }))
        .statusCode,
    ).toBe(201);
    await sale(20_000, '2026-03-05', { id: alfa }, { statusId: cancelledId });
    await purchase(5000, '2026-02-10', { id: alfa });
    const deleted = await sale(99_999, '2026-03-09', { id: alfa });
    expect((await call('DELETE', `/api/sale/${deleted.id}`)).statusCode).toBe(204);
  });
  afterAll(() => app.close());

  it('lists a client with their live deals and the money of those not cancelled', async () => {
    const [item, ...rest] = await find('alfa_client');
    expect(rest).toEqual([]);
    expect(item).toEqual({
      id: alfa,
      name: 'Альфа Клиентов',
      username: 'alfa_client',
      iconLink: null,
      deals: 3,
      total: 15_000,
      paid: 4000,
      debt: 11_000,
      lastDealDate: '2026-03-05',
    });
  });

  it.each(['@alfa_client', 't.me/alfa_client', 'https://t.me/alfa_client', 'альфа'])(
    'finds the client by %s',
    async (q) => {
      expect((await find(q)).map((c) => c.id)).toEqual([alfa]);
    },
  );

  it('pages the list by cursor, newest client first', async () => {
    const beta = (await sale(100, '2026-01-01', { name: 'Бета Клиентов' })).contactPerson.id;
    const first = (await call('GET', '/api/clients?q=Клиентов&limit=1')).json();
    expect(first.items.map((c: Item) => c.id)).toEqual([beta]);
    const second = (await call('GET', `/api/clients?q=Клиентов&limit=1&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((c: Item) => c.id)).toEqual([alfa]);
    expect(second.nextCursor).toBeNull();
  });

  it("opens a client's card: each kind, the usual price and their deals page by page", async () => {
    const card = (await call('GET', `/api/clients/${alfa}?limit=2`)).json();
    expect(card.byKind).toEqual({
      sale: { deals: 2, total: 10_000, paid: 4000, debt: 6000 },
      purchase: { deals: 1, total: 5000, paid: 0, debt: 5000 },
    });
    // The median of 10 000 and 5 000: the cancelled 20 000 is no price anyone paid.
    expect(card.usualPrice).toBe(7500);
    expect(card.dealPage.items.map((d: { date: string; kind: string }) => [d.kind, d.date])).toEqual([
      ['sale', '2026-03-05'],
      ['sale', '2026-03-01'],
    ]);
    expect(card.dealPage.items[0]).toMatchObject({ cancelled: true, status: { name: 'Отменена' } });
    const next = (
      await call('GET', `/api/clients/${alfa}?limit=2&cursor=${card.dealPage.nextCursor}`)
    ).json();
    expect(next.dealPage.items.map((d: { kind: string }) => d.kind)).toEqual(['purchase']);
    expect(next.dealPage.nextCursor).toBeNull();
  });

  it("answers another team's client, and one that is not there, as not found", async () => {
    for (const [who, id] of [
      [theirs, alfa],
      [mine, 999_999_999],
    ] as const) {
      const answer = await call('GET', `/api/clients/${id}`, undefined, who);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(CLIENT_NOT_FOUND);
    }
    expect(await find('alfa_client', theirs)).toEqual([]);
  });

  it('refuses a bad query with 400 and a Russian message', async () => {
    const answer = await call('GET', '/api/clients?limit=0');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors.limit[0]).toMatch(/[а-я]/);
    expect((await call('GET', '/api/clients?cursor=abc')).statusCode).toBe(400);
  });

  it('merges two cards of one client: the deals move with their history, the other card is gone', async () => {
    const gamma = (await sale(3000, '2026-04-01', { name: 'Гамма Дубль' })).contactPerson.id;
    const deal = await sale(4000, '2026-04-02', { id: gamma });
    const merged = await call('POST', `/api/clients/${gamma}/merge`, { intoId: alfa });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ id: alfa, deals: 5, total: 22_000, lastDealDate: '2026-04-02' });
    expect((await call('GET', `/api/clients/${gamma}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/sale/${deal.id}`)).json().contactPerson.id).toBe(alfa);
    const history = (await call('GET', `/api/sale/${deal.id}/history`)).json().items;
    expect(history[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'contact', from: 'Гамма Дубль', to: 'Альфа Клиентов' }],
    });
  });

  it('refuses a merge with itself (400), with a foreign or missing card (404), writing nothing', async () => {
    const theirChannel = (await call('GET', '/api/channel?limit=1', undefined, theirs)).json().items[0].id;
    const theirSale = salePayload(theirChannel, { contactPerson: { name: 'Чужой' } });
    const foreign = (await call('POST', '/api/sale', theirSale, theirs)).json().contactPerson.id;
    const { teamId } = await callerOf(app, mine);
    const before = await countRows(app, 'contacts', teamId);
    const self = await call('POST', `/api/clients/${alfa}/merge`, { intoId: alfa });
    expect(self.statusCode).toBe(400);
    expect(self.json().fieldErrors).toEqual({ intoId: [SAME_CLIENT] });
    const bad = await call('POST', `/api/clients/${alfa}/merge`, { intoId: 'два' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.intoId).toEqual(['Выберите клиента']);
    const stranger = await call('POST', `/api/clients/${alfa}/merge`, { intoId: foreign });
    expect(stranger.statusCode).toBe(404);
    const missing = await call('POST', `/api/clients/${alfa}/merge`, { intoId: 999_999_999 });
    expect(missing.statusCode).toBe(404);
    expect(await countRows(app, 'contacts', teamId)).toBe(before);
    expect((await call('GET', `/api/sale/${saleId}`)).json().contactPerson.id).toBe(alfa);
  });

  it('merges each way at once without a deadlock: one wins, the other finds its card gone', async () => {
    for (let round = 0; round < 5; round++) {
      const a = (await sale(10, '2026-05-01', { name: `Гонка А ${round}` })).contactPerson.id;
      const b = (await sale(20, '2026-05-01', { name: `Гонка Б ${round}` })).contactPerson.id;
      const answers = await Promise.all([
        call('POST', `/api/clients/${a}/merge`, { intoId: b }),
        call('POST', `/api/clients/${b}/merge`, { intoId: a }),
      ]);
      expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 404]);
      const kept = answers.find((x) => x.statusCode === 200)?.json();
      expect(kept).toMatchObject({ deals: 2, total: 30 });
    }
  });

  it('a deal written with a card being merged away lands on the card that stays, or is refused with 404', async () => {
    for (let round = 0; round < 5; round++) {
      const a = (await sale(10, '2026-06-01', { name: `Слияние А ${round}` })).contactPerson.id;
      const b = (await sale(20, '2026-06-01', { name: `Слияние Б ${round}` })).contactPerson.id;
      const [written, merged] = await Promise.all([
        call('POST', '/api/sale', salePayload(channelId, { contactPerson: { id: a } })),
        call('POST', `/api/clients/${a}/merge`, { intoId: b }),
      ]);
      expect(merged.statusCode, merged.body).toBe(200);
      expect([201, 404], written.body).toContain(written.statusCode);
      if (written.statusCode === 201) {
        const id = written.json().id as number;
        expect((await call('GET', `/api/sale/${id}`)).json().contactPerson.id).toBe(b);
      } else expect(written.json().message).toBe('Контакт не найден');
    }
  });
});
