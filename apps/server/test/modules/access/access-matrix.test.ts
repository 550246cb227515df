import { CHANNEL_ROLE } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policy } from '../../../src/modules/access/access.policy.js';
import { salePayload } from '../../helpers/deal-payload.js';
import { callerOf } from '../../helpers/team.js';
import { callWith, createTestApp, signInDemo } from '../../helpers/test-app.js';
import { sessionAs } from '../../helpers/users.js';

// One policy (docs/decisions/024), proven from outside: every operation of the OpenAPI document for every kind of
// person, and for the records they may and may not see, what the server answers.

type Who = 'owner' | 'admin' | 'sales' | 'purchases' | 'content' | 'norole' | 'removed' | 'stranger';
const everyone: Who[] = ['owner', 'admin', 'sales', 'purchases', 'content', 'norole', 'removed', 'stranger'];
/** Who each operation's rule lets through at all (the policy's three rules, by the issue's table). */
const letThrough = {
  member: new Set<Who>(['owner', 'admin', 'sales', 'purchases', 'content', 'norole']),
  staff: new Set<Who>(['owner', 'admin']),
  owner: new Set<Who>(['owner']),
};
/** The operations outside the team's scope: sign-in, the health check, the feed by its secret, an invitation's page. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/auth/providers',
  'GET /api/auth/login',
  'GET /api/auth/callback/{provider}',
  'GET /api/auth/callback/telegram',
  'POST /api/auth/telegram/webapp',
  'POST /api/auth/logout',
  'GET /api/calendar/feed/{file}',
  'GET /api/invite/{token}',
  'GET /api/report/{token}',
]);
const DATE = '2031-05-05';
/** The contact of the six deals: a client each person sees with the deals they see. */
const CLIENT = 'Клиент матрицы';

describe('the access policy', () => {
  let app: FastifyInstance;
  const as: Partial<Record<Who, { cookie: string }>> = {};
  const ids = { x: 0, y: 0, people: {} as Record<string, number> };
  const deals = { saleX: 0, saleX2: 0, saleY: 0, purchaseX: 0, purchaseX2: 0, purchaseY: 0 };

  const call = (who: Who, method: string, url: string, payload?: object) =>
    callWith(app, as[who], method, url, payload);

  beforeAll(async () => {
    app = await createTestApp();
    as.owner = await signInDemo(app, 'matrix');
    as.stranger = await signInDemo(app, 'matrix-other');
    const { teamId } = await callerOf(app, as.owner);
    const channels = (await call('owner', 'GET', '/api/channel?limit=2')).json().items as { id: number }[];
    ids.x = channels[0]?.id ?? 0;
    ids.y = channels[1]?.id ?? 0;

    const roles: Record<string, number | undefined> = {
      admin: CHANNEL_ROLE.admin,
      sales: CHANNEL_ROLE.sales,
      purchases: CHANNEL_ROLE.purchases,
      content: CHANNEL_ROLE.content,
      norole: undefined,
      removed: undefined,
    };
    for (const [who, role] of Object.entries(roles)) {
      const created = await call('owner', 'POST', '/api/employee', { firstName: `Матрица ${who}` });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      ids.people[who] = id;
      if (role !== undefined) {
        const assigned = await call('owner', 'POST', `/api/employee/${id}/assignOnChannel`, {
          channelId: ids.x,
          employeeChannelRoleId: role,
        });
        expect(assigned.statusCode, assigned.body).toBe(200);
      }
      as[who as Who] = await sessionAs(app, teamId, id);
    }
    expect((await call('owner', 'DELETE', `/api/employee/${ids.people.removed}`)).statusCode).toBe(204);

    const sale = async (channelId: number, by: number | undefined, hour: number) => {
      const response = await call(
        'owner',
        'POST',
        '/api/sale',
        salePayload(channelId, {
          saleDate: DATE,
          accommodationCondition: {
            accommodationTime: `${DATE}T${hour}:00:00+03:00`,
            durationType: 'INFINITY',
          },
          contactPerson: { name: CLIENT },
          ...(by ? { soldByEmployeeId: by } : {}),
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    const purchase = async (channelId: number, by: number | undefined) => {
      const response = await call('owner', 'POST', '/api/purchase', {
        accommodationCondition: { accommodationTime: `${DATE}T15:30:00+03:00` },
        advertisementFormatId: 1,
        channelId,
        price: 5000,
        purchaseDate: DATE,
        externalChannel: { name: 'Продавец матрицы' },
        contactPerson: { name: CLIENT },
        ...(by ? { purchasedByEmployeeId: by } : {}),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    deals.saleX = await sale(ids.x, ids.people.sales, 10);
    deals.saleX2 = await sale(ids.x, undefined, 14);
    deals.saleY = await sale(ids.y, undefined, 18);
    deals.purchaseX = await purchase(ids.x, ids.people.purchases);
    deals.purchaseX2 = await purchase(ids.x, undefined);
    deals.purchaseY = await purchase(ids.y, undefined);
  });
  afterAll(() => app.close());

  it('has one line for every operation of the team and none for an operation that is gone', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const inPolicy = new Set(Object.keys(policy).map((key) => key.replace(/:(\w+)/g, '{$1}')));
    expect(operations.filter((op) => !PUBLIC.has(op) && !inPolicy.has(op))).toEqual([]);
    expect([...inPolicy].filter((op) => !operations.includes(op))).toEqual([]);
  });

  it('refuses every operation its rule does not allow with 403 before reading anything, and 401 without a team', async () => {
    const refusals = new Set([
      'Это доступно владельцу команды и администраторам каналов',
      'Это доступно только владельцу команды',
    ]);
    const failures: string[] = [];
    for (const [key, rule] of Object.entries(policy)) {
      const [method = 'GET', path = ''] = key.split(' ');
      // An id nobody has: the rule is checked before the record is looked up or the input validated, and where the
      // rule admits the caller the call must reach no record of anyone.
      const url = path.replace(/:\w+/g, '999999999');
      for (const who of everyone) {
        if (who === 'stranger') continue;
        // Deleting one's own profile acts on the caller alone, with no id to miss: proven in the members' tests.
        if (key === 'DELETE /api/account' && letThrough[rule].has(who)) continue;
        const response = await call(who, method, url);
        const json = String(response.headers['content-type']).startsWith('application/json');
        const body = json ? (response.json() as { code?: string; message?: string }) : {};
        const refusedByRule = response.statusCode === 403 && refusals.has(body.message ?? '');
        if (who === 'removed') {
          if (response.statusCode !== 401) failures.push(`${key} as removed: ${response.statusCode}`);
        } else if (letThrough[rule].has(who) === refusedByRule) {
          failures.push(`${key} as ${who}: ${response.statusCode} ${body.message ?? ''}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  // What each person sees of the six deals, and which of those they may change.
  const visible: Record<Who, { see: (keyof typeof deals)[]; change: (keyof typeof deals)[] }> = {
    owner: {
      see: ['saleX', 'saleX2', 'saleY', 'purchaseX', 'purchaseX2', 'purchaseY'],
      change: ['saleX', 'saleX2', 'saleY', 'purchaseX', 'purchaseX2', 'purchaseY'],
    },
    admin: {
      see: ['saleX', 'saleX2', 'purchaseX', 'purchaseX2'],
      change: ['saleX', 'saleX2', 'purchaseX', 'purchaseX2'],
    },
    sales: { see: ['saleX', 'saleX2'], change: ['saleX'] },
    purchases: { see: ['purchaseX', 'purchaseX2'], change: ['purchaseX'] },
    content: { see: [], change: [] },
    norole: { see: [], change: [] },
    removed: { see: [], change: [] },
    stranger: { see: [], change: [] },
  };
  const kindOf = (key: keyof typeof deals) => (key.startsWith('sale') ? 'sale' : 'purchase');

  it.each(everyone)(
    'as %s: the lists, the totals and every deal answer exactly what may be seen',
    async (who) => {
      for (const kind of ['sale', 'purchase'] as const) {
        const condition = kind === 'sale' ? 'saleDateCondition' : 'purchaseDateCondition';
        const onDate = `${condition}=${encodeURIComponent(`=bt=(${DATE},${DATE})`)}`;
        const list = await call(who, 'GET', `/api/${kind}/filter?${onDate}&limit=200`);
        const summary = await call(who, 'GET', `/api/${kind}/summary?${onDate}`);
        const bin = await call(who, 'GET', `/api/${kind}/deleted`);
        if (who === 'removed') {
          expect([list.statusCode, summary.statusCode, bin.statusCode]).toEqual([401, 401, 401]);
          continue;
        }
        expect(list.statusCode, list.body).toBe(200);
        // Nothing is deleted here: the bin answers an empty page to everyone, a person who sees no deal included.
        expect([bin.statusCode, bin.json().items]).toEqual([200, []]);
        const expected = visible[who].see.filter((key) => kindOf(key) === kind).map((key) => deals[key]);
        const shown = (list.json().items as { id: number }[]).map((d) => d.id);
        expect(shown.sort()).toEqual(expected.sort());
        expect(summary.json().count).toBe(expected.length);
      }
      for (const key of Object.keys(deals) as (keyof typeof deals)[]) {
        const url = `/api/${kindOf(key)}/${deals[key]}`;
        const read = await call(who, 'GET', url);
        const payments = await call(who, 'GET', `${url}/payments`);
        if (who === 'removed') {
          expect([read.statusCode, payments.statusCode]).toEqual([401, 401]);
          continue;
        }
        const sees = visible[who].see.includes(key);
        expect([read.statusCode, payments.statusCode], `${who} reads ${key}`).toEqual(
          sees ? [200, 200] : [404, 404],
        );
        const version = sees ? (read.json().version as number) : 1;
        const changed = await call(who, 'PATCH', url, { price: 7000, version });
        const changes = visible[who].change.includes(key);
        expect(changed.statusCode, `${who} changes ${key}: ${changed.body}`).toBe(
          changes ? 200 : sees ? 403 : 404,
        );
        if (changed.statusCode === 403) expect(changed.json().code).toBe('FORBIDDEN');
        const paid = await call(who, 'POST', `${url}/payments`, { amount: 1, paidAt: DATE });
        expect(paid.statusCode, `${who} pays ${key}`).toBe(changes ? 201 : sees ? 403 : 404);
        // The post is read by whoever sees the deal; its public report is shared by whoever may change it.
        expect((await call(who, 'GET', `${url}/post`)).statusCode, `${who} reads ${key}'s post`).toBe(
          sees ? 200 : 404,
        );
        const report = await call(who, 'POST', `${url}/report-link`);
        expect(report.statusCode, `${who} shares ${key}`).toBe(changes ? 201 : sees ? 403 : 404);
        // Several at once answer as one would: 'Согласована' of the kind (migration 0003).
        const agreed = { sale: 2, purchase: 12 }[kindOf(key)];
        const bulk = await call(who, 'PATCH', `/api/${kindOf(key)}/bulk`, {
          ids: [deals[key]],
          statusId: agreed,
        });
        expect(bulk.statusCode, `${who} changes ${key} in bulk`).toBe(changes ? 200 : sees ? 403 : 404);
      }
    },
  );

  it.each(everyone)(
    'as %s: a client shows the deals of theirs that may be seen, or is not found',
    async (who) => {
      const list = await call(who, 'GET', `/api/clients?q=${encodeURIComponent(CLIENT)}`);
      const client = (await call('owner', 'GET', `/api/clients?q=${encodeURIComponent(CLIENT)}`)).json()
        .items[0];
      const card = await call(who, 'GET', `/api/clients/${client.id}`);
      if (who === 'removed') {
        expect([list.statusCode, card.statusCode]).toEqual([401, 401]);
        return;
      }
      const seen = visible[who].see.length;
      expect(list.json().items.map((c: { deals: number }) => c.deals)).toEqual(seen ? [seen] : []);
      expect(card.statusCode).toBe(seen ? 200 : 404);
      if (seen) expect(card.json().dealPage.items).toHaveLength(seen);
    },
  );

  it('a manager records a deal on their channel as themselves only; nobody records on a channel they do not see', async () => {
    const onX = (by: number | undefined) =>
      salePayload(ids.x, { saleDate: DATE, ...(by ? { soldByEmployeeId: by } : {}) });
    const own = await call('sales', 'POST', '/api/sale', onX(undefined));
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().soldByEmployeeInfo.id).toBe(ids.people.sales);
    expect((await call('sales', 'POST', '/api/sale', onX(ids.people.admin))).statusCode).toBe(403);
    expect(
      (await call('sales', 'POST', '/api/sale', salePayload(ids.y, { saleDate: DATE }))).statusCode,
    ).toBe(404);
    expect((await call('purchases', 'POST', '/api/sale', onX(undefined))).statusCode).toBe(403);
    expect((await call('admin', 'POST', '/api/sale', onX(ids.people.sales))).statusCode).toBe(201);
    // Moving one's own sale to a channel one does not see is refused, and the sale stays where it was.
    const id = own.json().id as number;
    const moved = await call('sales', 'PATCH', `/api/sale/${id}`, {
      channelId: ids.y,
      version: own.json().version,
    });
    expect(moved.statusCode).toBe(404);
    expect((await call('owner', 'GET', `/api/sale/${id}`)).json().channelInfo.id).toBe(ids.x);
  });

  it('channels, people, requisites and money follow the same roles', async () => {
    const channelIds = async (who: Who) =>
      ((await call(who, 'GET', '/api/channel?limit=200')).json().items as { id: number }[]).map((c) => c.id);
    expect(await channelIds('admin')).toEqual([ids.x]);
    expect(await channelIds('content')).toEqual([ids.x]);
    expect(await channelIds('norole')).toEqual([]);
    expect((await channelIds('owner')).length).toBeGreaterThan(1);
    expect((await call('sales', 'GET', `/api/channel/${ids.y}`)).statusCode).toBe(404);
    expect((await call('sales', 'DELETE', `/api/channel/${ids.x}`)).statusCode).toBe(403);

    const people = async (who: Who) =>
      ((await call(who, 'GET', '/api/employee/all?limit=200')).json().items as { id: number }[]).map(
        (e) => e.id,
      );
    expect(await people('sales')).toEqual([ids.people.sales]);
    // An administrator sees the people of their channel (the demo team's too), not those of no channel of theirs.
    const seenByAdmin = await people('admin');
    for (const who of ['admin', 'sales', 'purchases', 'content'])
      expect(seenByAdmin).toContain(ids.people[who]);
    expect(seenByAdmin).not.toContain(ids.people.norole);
    expect((await call('norole', 'GET', `/api/employee/${ids.people.sales}`)).statusCode).toBe(404);

    const requisites = (who: Who) => call(who, 'GET', `/api/employee/${ids.people.sales}/paymentMethods`);
    expect((await requisites('owner')).statusCode).toBe(200);
    expect((await requisites('sales')).statusCode).toBe(200);
    expect((await requisites('admin')).statusCode).toBe(403);
    expect((await requisites('norole')).statusCode).toBe(404);

    const finance = (who: Who, channel = '') =>
      call(who, 'GET', `/api/finance/summary?from=${DATE}&to=${DATE}${channel}`);
    const mine = (await finance('admin')).json();
    expect(mine.byChannel.map((line: { channel: { id: number } }) => line.channel.id)).toEqual([ids.x]);
    expect(mine.income).toBe((await finance('owner', `&channelId=${ids.x}`)).json().income);
    expect((await finance('admin', `&channelId=${ids.y}`)).statusCode).toBe(404);
    expect((await finance('sales')).statusCode).toBe(403);
  });

  it('the schedule and the calendar show a member their channels only', async () => {
    const schedule = (await call('content', 'GET', `/api/schedule?from=${DATE}&to=${DATE}&limit=200`)).json();
    const channelsShown = new Set((schedule.items as { channel: { id: number } }[]).map((i) => i.channel.id));
    expect([...channelsShown]).toEqual([ids.x]);
    expect(
      (await call('content', 'GET', `/api/schedule?from=${DATE}&to=${DATE}&channelId=${ids.y}`)).statusCode,
    ).toBe(404);
    const calendar = (who: Who) => call(who, 'GET', `/api/calendar?from=${DATE}&to=${DATE}`);
    const count = async (who: Who) =>
      ((await calendar(who)).json() as { type: string; count: number }[])
        .filter((e) => e.type !== 'SUBSCRIPTION_EXPIRED')
        .reduce((sum, e) => sum + e.count, 0);
    expect(await count('norole')).toBe(0);
    expect(await count('sales')).toBeGreaterThan(0);
    expect(await count('sales')).toBeLessThan(await count('owner'));
  });
});
