import { CHANNEL_ROLE } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salePayload } from '../../helpers/deal-payload.js';
import { callerOf } from '../../helpers/team.js';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';
import { sessionAs } from '../../helpers/users.js';

// Who did what (docs/decisions/025): every change of a deal and its payments is kept with who made it, and the deal's
// history shows it to those who may change the deal.

type Event = {
  actor: { id: number | null; name: string };
  action: string;
  changes: { field: string; from: unknown; to: unknown }[];
};

describe("a deal's history", () => {
  let app: FastifyInstance;
  type Who = { cookie: string };
  const call = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { ...who, ...sameOrigin }, ...(payload ? { payload } : {}) });
  const history = async (who: Who, id: number) => {
    const response = await call(who, 'GET', `/api/sale/${id}/history`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items as Event[];
  };

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('keeps who created, changed, paid, deleted and restored it, newest first, with the values before and after', async () => {
    const owner = await signInDemo(app, 'history');
    const channel = (await call(owner, 'GET', '/api/channel?limit=1')).json().items[0].id as number;
    const created = await call(owner, 'POST', '/api/sale', salePayload(channel, { price: 10_000 }));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const changed = await call(owner, 'PATCH', `/api/sale/${id}`, {
      price: 12_000,
      statusId: 2,
      version: created.json().version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The same values again change nothing, and add nothing to the history.
    await call(owner, 'PATCH', `/api/sale/${id}`, { price: 12_000, version: changed.json().version });
    const paid = await call(owner, 'POST', `/api/sale/${id}/payments`, {
      amount: 5_000,
      paidAt: '2026-05-20',
    });
    expect(paid.statusCode).toBe(201);
    await call(owner, 'DELETE', `/api/sale/${id}/payments/${paid.json().id}`);
    await call(owner, 'DELETE', `/api/sale/${id}`);
    await call(owner, 'POST', `/api/sale/${id}/restore`);

    const events = await history(owner, id);
    expect(events.map((e) => e.action)).toEqual([
      'restore',
      'delete',
      'payment_delete',
      'payment_add',
      'update',
      'create',
    ]);
    expect(new Set(events.map((e) => e.actor.name))).toEqual(new Set(['Алексей Смирнов']));
    expect(events[4]?.changes).toEqual([
      { field: 'price', from: 10_000, to: 12_000 },
      { field: 'status', from: 'Новая', to: 'Согласована' },
    ]);
    expect(events[3]?.changes).toEqual([
      { field: 'amount', from: null, to: 5_000 },
      { field: 'paidAt', from: null, to: '2026-05-20' },
    ]);
    expect(events[5]?.changes).toContainEqual({ field: 'price', from: null, to: 10_000 });

    // Paged by cursor, newest first.
    const first = (await call(owner, 'GET', `/api/sale/${id}/history?limit=4`)).json();
    expect(first.items).toHaveLength(4);
    const rest = (
      await call(owner, 'GET', `/api/sale/${id}/history?limit=4&cursor=${first.nextCursor}`)
    ).json();
    expect(rest.items.map((e: Event) => e.action)).toEqual(['update', 'create']);
    expect(rest.nextCursor).toBeNull();
  });

  it('names the manager who changed their own sale, and shows it to those who may change it only', async () => {
    const owner = await signInDemo(app, 'history-roles');
    const { teamId } = await callerOf(app, owner);
    const channel = (await call(owner, 'GET', '/api/channel?limit=1')).json().items[0].id as number;
    const person = async (firstName: string, role: number) => {
      const id = (await call(owner, 'POST', '/api/employee', { firstName, secondName: 'Тестов' })).json()
        .id as number;
      await call(owner, 'POST', `/api/employee/${id}/assignOnChannel`, {
        channelId: channel,
        employeeChannelRoleId: role,
      });
      return { id, session: await sessionAs(app, teamId, id) };
    };
    const seller = await person('Глеб', CHANNEL_ROLE.sales);
    const colleague = await person('Вера', CHANNEL_ROLE.sales);
    const created = await call(seller.session, 'POST', '/api/sale', salePayload(channel, { price: 9_000 }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    await call(seller.session, 'PATCH', `/api/sale/${id}`, { price: 9_500, version: created.json().version });

    const events = await history(owner, id);
    expect(events[0]).toMatchObject({
      actor: { id: seller.id, name: 'Глеб Тестов' },
      action: 'update',
      changes: [{ field: 'price', from: 9_000, to: 9_500 }],
    });
    expect((await history(seller.session, id)).length).toBe(2);
    // A colleague sees the sale but may not change it: no history either.
    expect((await call(colleague.session, 'GET', `/api/sale/${id}`)).statusCode).toBe(200);
    expect((await call(colleague.session, 'GET', `/api/sale/${id}/history`)).statusCode).toBe(403);
    const stranger = await signInDemo(app, 'history-stranger');
    expect((await call(stranger, 'GET', `/api/sale/${id}/history`)).statusCode).toBe(404);

    // The seller leaves the team: the history still says it was him.
    expect((await call(owner, 'DELETE', `/api/employee/${seller.id}`)).statusCode).toBe(204);
    expect((await history(owner, id))[0]?.actor.name).toBe('Глеб Тестов');
  });
});
