import { type DealKind, dealVocabulary } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

type Headers = { cookie: string };
type Deal = { id: number; version: number; paidAmount: number; status: { id: number; name: string } };
type Event = {
  action: string;
  actor: { name: string };
  changes: { field: string; from: unknown; to: unknown }[];
};

// Issue 33: a full payment moves a deal to 'Оплачена'; taking a payment back moves it back, as the same kind of change.
describe.each(['sale', 'purchase'] as const)(
  '%s: a payment removed from a deal paid in full',
  (kind: DealKind) => {
    const f = { path: dealVocabulary[kind].path, ...dealVocabulary[kind].names };
    const base = `/api/${f.path}`;
    /** The status just before 'Оплачена' in each kind's order (migration 0003). */
    const justBefore = kind === 'sale' ? 'Ожидает оплаты' : 'Согласована';
    let app: FastifyInstance;
    let mine: Headers;
    let channelId: number;
    let statuses: { id: number; name: string }[];

    const get = async (url: string) => (await app.inject({ url, headers: mine })).json();
    const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers: { ...mine, ...sameOrigin }, ...(payload && { payload }) });
    const statusId = (name: string) => {
      const status = statuses.find((s) => s.name === name);
      if (!status) throw new Error(`no status ${name}`);
      return status.id;
    };
    const create = async (status: string, price = 1000): Promise<Deal> => {
      const response = await send('POST', base, {
        accommodationCondition: { accommodationTime: '2026-05-20T15:30:00+03:00' },
        advertisementFormatId: 1,
        ...(kind === 'sale' ? { advertisementTypeId: 2 } : {}),
        statusId: statusId(status),
        channelId,
        [f.external]: { name: 'Большой канал' },
        price,
        [f.date]: '2026-05-18',
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const pay = async (dealId: number, amount: number): Promise<number> => {
      const response = await send('POST', `${base}/${dealId}/payments`, { amount, paidAt: '2026-05-19' });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id;
    };
    const unpay = async (dealId: number, paymentId: number) => {
      const response = await send('DELETE', `${base}/${dealId}/payments/${paymentId}`);
      expect(response.statusCode, response.body).toBe(204);
    };
    const read = (dealId: number): Promise<Deal> => get(`${base}/${dealId}`);
    const history = async (dealId: number): Promise<Event[]> =>
      (await get(`${base}/${dealId}/history`)).items;

    beforeAll(async () => {
      app = await createTestApp();
      mine = await signInDemo(app, `${kind}-unpay`);
      channelId = (await get('/api/channel?limit=1')).items[0].id;
      statuses = await get(`${base}/statuses`);
    });
    afterAll(() => app.close());

    it('goes back to the status it had before the payment moved it, recorded with who did it', async () => {
      for (const name of ['Новая', 'Согласована', justBefore]) {
        const deal = await create(name);
        await pay(deal.id, 400);
        const last = await pay(deal.id, 600);
        expect((await read(deal.id)).status.name, name).toBe('Оплачена');

        await unpay(deal.id, last);
        const back = await read(deal.id);
        expect(back, name).toMatchObject({ status: { id: statusId(name), name }, paidAmount: 400 });
        // A new version: a form read while it was 'Оплачена' cannot write that back unseen.
        expect(back.version).toBe(deal.version + 2);
        const [moved, removed] = await history(deal.id);
        expect(moved, name).toMatchObject({
          action: 'update',
          actor: { name: expect.any(String) },
          changes: [{ field: 'status', from: 'Оплачена', to: name }],
        });
        expect(removed?.action).toBe('payment_delete');
      }
    });

    it('comes back to the status the latest move left, after a second round', async () => {
      const deal = await create('Новая');
      const first = await pay(deal.id, 1000);
      await unpay(deal.id, first);
      const changed = await send('PATCH', `${base}/${deal.id}`, {
        statusId: statusId('Согласована'),
        version: (await read(deal.id)).version,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const second = await pay(deal.id, 1000);
      await unpay(deal.id, second);
      expect((await read(deal.id)).status.name).toBe('Согласована');
    });

    it(`goes to '${justBefore}' when the deal was made 'Оплачена' by hand, with no move in its history`, async () => {
      const deal = await create('Оплачена');
      const payment = await pay(deal.id, 1000);
      await unpay(deal.id, payment);
      expect(await read(deal.id)).toMatchObject({ status: { name: justBefore }, paidAmount: 0 });
      expect((await history(deal.id))[0]?.changes).toEqual([
        { field: 'status', from: 'Оплачена', to: justBefore },
      ]);
    });

    it('keeps the status when the deal was not paid in full before, or is past or away from the paid status', async () => {
      const partly = await create('Оплачена');
      const part = await pay(partly.id, 300);
      await pay(partly.id, 300);
      await unpay(partly.id, part);
      expect(await read(partly.id)).toMatchObject({ status: { name: 'Оплачена' }, paidAmount: 300 });
      for (const name of ['Опубликована', 'Завершена', 'Отменена']) {
        const deal = await create(name);
        await unpay(deal.id, await pay(deal.id, 1000));
        expect(await read(deal.id), name).toMatchObject({ status: { name }, version: deal.version });
        expect((await history(deal.id)).map((e) => e.action)).toEqual([
          'payment_delete',
          'payment_add',
          'create',
        ]);
      }
    });
  },
);
