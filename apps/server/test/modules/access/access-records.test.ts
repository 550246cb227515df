import { randomUUID } from 'node:crypto';
import { CHANNEL_ROLE } from '@addesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policy, type Rule } from '../../../src/modules/access/access.policy.js';
import { salePayload } from '../../helpers/deal-payload.js';
import { callerOf } from '../../helpers/team.js';
import { callWith, createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';
import { sessionAs } from '../../helpers/users.js';

// The policy's record level (docs/decisions/024), generated from the policy table: every operation that names a
// record, for every kind of person, on a record of channel X (where the people below have their roles) and on one of
// channel Y (where none of them has a role). A record the person may not see answers 404, as another team's; a
// visible one answers 200 to a read (403 where the role keeps it private); a change the role does not allow answers
// 403 and writes nothing. The changes a role does allow are not made here (they would consume the records): each
// feature's own tests make them.

type Who = 'owner' | 'admin' | 'sales' | 'purchases' | 'content' | 'norole' | 'removed' | 'stranger';
const everyone: Who[] = ['owner', 'admin', 'sales', 'purchases', 'content', 'norole', 'removed', 'stranger'];
/** Who each rule lets through (another team's owner is the owner of theirs). */
const letThrough: Record<Rule, Who[]> = {
  member: ['owner', 'admin', 'sales', 'purchases', 'content', 'norole', 'stranger'],
  staff: ['owner', 'admin', 'stranger'],
  owner: ['owner', 'stranger'],
};
type Kind = 'sale' | 'purchase' | 'channel' | 'employee' | 'paymentMethod' | 'client' | 'import';
const DATE = '2031-06-06';

/** Who sees the record of each kind on channel X (the sales manager's sale, requisites and person); on Y the owner. */
const seesOnX: Record<Kind, Who[]> = {
  sale: ['owner', 'admin', 'sales'],
  purchase: ['owner', 'admin', 'purchases'],
  channel: ['owner', 'admin', 'sales', 'purchases', 'content'],
  employee: ['owner', 'admin', 'sales'],
  paymentMethod: ['owner', 'admin', 'sales'],
  // The contact of the sale on X: a client follows the deals one sees.
  client: ['owner', 'admin', 'sales'],
  // The sales manager's import: its author's and the owner's alone.
  import: ['owner', 'sales'],
};

/** Who may make each change to the record on X (the issue's table); on Y the owner alone. */
function maysChange(key: string, kind: Kind): Who[] {
  if (kind === 'sale') return ['owner', 'admin', 'sales'];
  if (kind === 'purchase') return ['owner', 'admin', 'purchases'];
  if (kind === 'channel') return ['owner', 'admin'];
  if (kind === 'paymentMethod') return ['owner', 'sales'];
  if (kind === 'client') return ['owner'];
  if (kind === 'import') return ['owner', 'sales'];
  if (key.includes('/payouts')) return ['owner'];
  if (key === 'PATCH /api/employee/:id') return ['owner', 'sales'];
  if (key === 'DELETE /api/employee/:id') return ['owner'];
  return ['owner', 'admin'];
}

/** The kind of record an operation's `:id` names; operations on reference data name no team's record. */
function kindOf(path: string): Kind | 'reference' {
  const [, , head] = path.split('/');
  if (head === 'sale' || head === 'purchase' || head === 'channel' || head === 'employee') return head;
  if (head === 'paymentMethod') return 'paymentMethod';
  if (head === 'clients') return 'client';
  if (head === 'import') return 'import';
  if (head === 'employeeChannelRole') return 'reference';
  throw new Error(`no record kind for ${path}`);
}

describe('the access policy on records', () => {
  let app: FastifyInstance;
  let teamId = 0;
  const as: Partial<Record<Who, { cookie: string }>> = {};
  const channel = { x: 0, y: 0 };
  const person: Record<string, number> = {};
  /** The records on X and on Y of each kind, and their payments and payouts (the operations' second ids). */
  const records = {} as Record<Kind, { x: number; y: number }>;
  const seconds = new Map<string, number>();
  let onY = { cookie: '' };

  const call = (who: Who, method: string, url: string, payload?: object) =>
    callWith(app, as[who], method, url, payload);
  const created = async (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };

  /** A valid body for each change, so that what answers is the policy, not the input's validation. */
  const bodies: Record<string, () => object> = {
    'PATCH /api/sale/:id': () => ({ price: 7000, version: 1 }),
    'PATCH /api/purchase/:id': () => ({ price: 7000, version: 1 }),
    'POST /api/sale/:id/payments': () => ({ amount: 1, paidAt: DATE }),
    'POST /api/purchase/:id/payments': () => ({ amount: 1, paidAt: DATE }),
    'PATCH /api/employee/:id': () => ({ firstName: 'Переименован', version: 1 }),
    'POST /api/employee/:id/assignOnChannel': () => ({
      channelId: channel.x,
      employeeChannelRoleId: CHANNEL_ROLE.content,
    }),
    'POST /api/employee/:id/removeAssignmentOnChannel': () => ({
      channelId: channel.x,
      employeeChannelRoleId: CHANNEL_ROLE.sales,
    }),
    'POST /api/employee/:id/payouts': () => ({ amount: 1, date: DATE }),
    'PUT /api/sale/:id/marking': () => ({ registeredBy: 'not_required', reason: 'Проверка прав' }),
    'PUT /api/purchase/:id/marking': () => ({ registeredBy: 'not_required', reason: 'Проверка прав' }),
    'PUT /api/sale/:id/marking/views': () => ({ views: 100 }),
    'PUT /api/purchase/:id/marking/views': () => ({ views: 100 }),
    // Into a card of nobody's: only another team's owner gets past the rule, and finds neither.
    'POST /api/clients/:id/merge': () => ({ intoId: 999_999_999 }),
    'PUT /api/import/:id': () => ({ mapping: { dealDate: 0, channel: 1, price: 2 } }),
    'PUT /api/channel/:id/prices': () => [
      { advertisementFormatId: 1, durationType: 'INFINITY', price: 1000 },
    ],
    'POST /api/channel/:id/employees': () => ({
      requestId: randomUUID(),
      employee: { id: person.norole },
      roleId: CHANNEL_ROLE.content,
      salaryTypeId: 4,
      conditions: '500 за пост',
      paymentMethod: { paymentMethodTypeId: 1, credentials: '2200 0000 0000 0000', description: '' },
    }),
  };
  const queries: Record<string, string> = {
    'GET /api/employee/:id/payroll': `?from=${DATE}&to=${DATE}`,
  };

  beforeAll(async () => {
    app = await createTestApp();
    as.owner = await signInDemo(app, 'records');
    as.stranger = await signInDemo(app, 'records-other');
    teamId = (await callerOf(app, as.owner)).teamId;
    const channels = (await call('owner', 'GET', '/api/channel?limit=2')).json().items as { id: number }[];
    channel.x = channels[0]?.id ?? 0;
    channel.y = channels[1]?.id ?? 0;

    const roles: [string, number | undefined, number][] = [
      ['admin', CHANNEL_ROLE.admin, channel.x],
      ['sales', CHANNEL_ROLE.sales, channel.x],
      ['purchases', CHANNEL_ROLE.purchases, channel.x],
      ['content', CHANNEL_ROLE.content, channel.x],
      ['norole', undefined, channel.x],
      ['removed', undefined, channel.x],
      ['onY', CHANNEL_ROLE.sales, channel.y],
    ];
    for (const [who, role, on] of roles) {
      const id = await created(await call('owner', 'POST', '/api/employee', { firstName: `Записи ${who}` }));
      person[who] = id;
      if (role !== undefined) {
        const assigned = await call('owner', 'POST', `/api/employee/${id}/assignOnChannel`, {
          channelId: on,
          employeeChannelRoleId: role,
        });
        expect(assigned.statusCode, assigned.body).toBe(200);
      }
      const session = await sessionAs(app, teamId, id);
      if (who !== 'onY') as[who as Who] = session;
      else onY = session;
    }
    expect((await call('owner', 'DELETE', `/api/employee/${person.removed}`)).statusCode).toBe(204);

    const deal = async (kind: 'sale' | 'purchase', on: 'x' | 'y') => {
      const by = on === 'x' ? person[kind === 'sale' ? 'sales' : 'purchases'] : person.onY;
      const body =
        kind === 'sale'
          ? salePayload(channel[on], {
              saleDate: DATE,
              soldByEmployeeId: by,
              contactPerson: { name: `Клиент записей ${on}` },
            })
          : {
              accommodationCondition: { accommodationTime: `${DATE}T15:30:00+03:00` },
              advertisementFormatId: 1,
              channelId: channel[on],
              price: 5000,
              purchaseDate: DATE,
              externalChannel: { name: 'Продавец записей' },
              ...(on === 'x' ? { purchasedByEmployeeId: by } : {}),
            };
      const id = await created(await call('owner', 'POST', `/api/${kind}`, body));
      const paid = await call('owner', 'POST', `/api/${kind}/${id}/payments`, { amount: 10, paidAt: DATE });
      seconds.set(`${kind}:${id}`, await created(paid));
      return id;
    };
    const requisites = async (employeeId: number) =>
      created(
        await call('owner', 'POST', '/api/paymentMethod', {
          employeeId,
          paymentMethodTypeId: 1,
          credentials: '2200 1234 5678 9012',
          description: 'Записи',
        }),
      );
    const payout = async (employeeId: number) =>
      created(await call('owner', 'POST', `/api/employee/${employeeId}/payouts`, { amount: 5, date: DATE }));

    records.sale = { x: await deal('sale', 'x'), y: await deal('sale', 'y') };
    records.purchase = { x: await deal('purchase', 'x'), y: await deal('purchase', 'y') };
    const contactOf = async (id: number) =>
      (await call('owner', 'GET', `/api/sale/${id}`)).json().contactPerson.id as number;
    records.client = { x: await contactOf(records.sale.x), y: await contactOf(records.sale.y) };
    records.channel = { x: channel.x, y: channel.y };
    records.employee = { x: person.sales ?? 0, y: person.onY ?? 0 };
    records.paymentMethod = {
      x: await requisites(records.employee.x),
      y: await requisites(records.employee.y),
    };
    // A draft import of each: by the sales manager on X, by the person of Y.
    const draft = async (who: { cookie: string }) => {
      const channelName = (await call('owner', 'GET', `/api/channel/${channel.x}`)).json().name as string;
      const response = await app.inject({
        method: 'POST',
        url: '/api/import?kind=sale',
        headers: { ...who, ...sameOrigin, 'content-type': 'text/csv' },
        payload: `Дата;Канал;Цена\n${DATE};${channelName};1000\n`,
      });
      return created(response);
    };
    records.import = { x: await draft(as.sales ?? onY), y: await draft(onY) };
    for (const on of ['x', 'y'] as const) {
      const employeeId = records.employee[on];
      seconds.set(`employee:${employeeId}`, await payout(employeeId));
    }
  });
  afterAll(() => app.close());

  /** Everything a team's change leaves behind: each change writes its history (docs/decisions/025). */
  const footprint = async () => {
    const result = await app.db.execute(
      sql`select (select count(*) from history_events where team_id = ${teamId}) as events,
        (select coalesce(sum(version), 0) from deals where team_id = ${teamId}) as versions,
        (select count(*) from channel_employees where team_id = ${teamId}) as roles,
        (select count(*) from invitations where team_id = ${teamId}) as invitations`,
    );
    return result.rows[0];
  };

  it('answers every operation on a record by who may see and change it', async () => {
    const operations = Object.entries(policy).filter(([key]) => key.includes('/:id'));
    const before = await footprint();
    const failures: string[] = [];
    let cells = 0;
    let allowedChanges = 0;
    for (const [key, rule] of operations) {
      const [method = 'GET', path = ''] = key.split(' ');
      const kind = kindOf(path);
      // The roles on a channel are the product's reference list, the same for every team.
      if (kind === 'reference') continue;
      const read = method === 'GET';
      for (const on of ['x', 'y'] as const) {
        const id = records[kind][on];
        const url = `${path.replace(':id', String(id)).replace(/:\w+/, String(seconds.get(`${kind}:${id}`)))}${queries[key] ?? ''}`;
        for (const who of everyone) {
          const sees = on === 'x' ? seesOnX[kind].includes(who) : who === 'owner';
          const changes = on === 'x' ? maysChange(key, kind).includes(who) : who === 'owner';
          const passes = letThrough[rule].includes(who);
          if (!read && passes && changes) {
            allowedChanges++;
            continue;
          }
          const response = await call(who, method, url, read ? undefined : bodies[key]?.());
          cells++;
          const status = response.statusCode;
          // Removing oneself is a mistake of the input, whoever one is (the profile's deletion is the way out).
          const self = key === 'DELETE /api/employee/:id' && id === person[who];
          const expected =
            who === 'removed'
              ? [401]
              : self
                ? [400]
                : !passes
                  ? [403]
                  : !sees
                    ? [404]
                    : read
                      ? who === 'owner'
                        ? [200]
                        : [200, 403]
                      : [403];
          if (!expected.includes(status))
            failures.push(
              `${key} on ${on} as ${who}: ${status} (want ${expected.join('|')}) ${response.body}`,
            );
          else if (status === 403) expect(response.json().code, key).toBe('FORBIDDEN');
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await footprint()).toEqual(before);
    // Every operation that names a record ran for every person on both records, but for the allowed changes.
    expect(cells + allowedChanges).toBe(
      operations.filter(([key]) => kindOf(key.split(' ')[1] ?? '') !== 'reference').length * 2 * 8,
    );
  });
});
