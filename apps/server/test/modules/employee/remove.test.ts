import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelEmployees, employees } from '../../../src/db/schema/index.js';
import { salePayload } from '../../helpers/deal-payload.js';
import { dealRows, parseCsv } from '../../helpers/files.js';
import { callerOf } from '../../helpers/team.js';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';
import { sessionAs, signInWith } from '../../helpers/users.js';

type Headers = { cookie: string };
type Named = { id: number; firstName: string };

// DELETE /api/employee/{id} (decisions 017, 'Team: removing a person'): the person leaves every list of the team,
// their roles on channels and their sessions end, the people under them move to their manager, and their past deals
// keep their name in lists, screens and exports.
describe('removing a person from the team', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const get = (who: Headers, url: string) => app.inject({ url, headers: who });
  const send = (who: Headers, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { ...who, ...sameOrigin }, ...(payload ? { payload } : {}) });
  const remove = (who: Headers, id: number) => send(who, 'DELETE', `/api/employee/${id}`);
  const create = async (who: Headers, body: object) => {
    const created = await send(who, 'POST', '/api/employee', body);
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as number;
  };
  const ids = (page: { items: Named[] }) => page.items.map((e) => e.id);
  const sessionOf = async (teamId: number, employeeId: number) => ({
    cookie: (await sessionAs(app, teamId, employeeId)).cookie,
  });
  const teamRows = async (teamId: number) =>
    app.db
      .select({ id: employees.id, managerId: employees.managerId, removedAt: employees.removedAt })
      .from(employees)
      .where(eq(employees.teamId, teamId))
      .orderBy(employees.id);

  it('creates a person without a channel: in the team with no channels, under the caller', async () => {
    const master = await signInDemo(app, 'remove-create');
    const me = await callerOf(app, master);
    const before = (await get(master, '/api/employee/all?limit=50')).json();
    const id = await create(master, { firstName: 'Ольга', secondName: 'Без Канала' });
    const after = (await get(master, '/api/employee/all?limit=50')).json();
    expect(after.total).toBe(before.total + 1);
    expect(after.items.find((e: Named) => e.id === id)).toMatchObject({
      firstName: 'Ольга',
      secondName: 'Без Канала',
      channels: [],
    });
    expect((await get(master, `/api/employee/${id}`)).json()).toMatchObject({
      managerId: me.employeeId,
      telegramNickName: null,
    });
    expect((await get(master, `/api/employee/${id}/assignedChannels`)).json()).toEqual([]);
  });

  it('takes the person out of every list, ends their roles and sessions, and moves their people up', async () => {
    const master = await signInDemo(app, 'remove-lists');
    const me = await callerOf(app, master);
    const channel = (await get(master, '/api/channel?limit=1')).json().items[0].id as number;
    const person = await create(master, { firstName: 'Павел', secondName: 'Морозов' });
    const below = await create(master, { firstName: 'Вера', secondName: 'Ниже', managerId: person });
    const assigned = await send(master, 'POST', `/api/employee/${person}/assignOnChannel`, {
      channelId: channel,
      employeeChannelRoleId: 2,
      salaryTypeId: 2,
      conditions: '10%',
    });
    expect(assigned.statusCode).toBe(200);
    const theirSession = await sessionOf(me.teamId, person);
    expect((await get(theirSession, '/api/employee')).statusCode).toBe(200);
    const teamBefore = (await get(master, '/api/employee/all?limit=50')).json();

    const removed = await remove(master, person);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');

    expect((await get(master, `/api/employee/${person}`)).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Сотрудник не найден',
    });
    const teamAfter = (await get(master, '/api/employee/all?limit=50')).json();
    expect(teamAfter.total).toBe(teamBefore.total - 1);
    expect(ids(teamAfter)).not.toContain(person);
    const mine = (await get(master, `/api/employee/${me.employeeId}/subordinates?limit=50`)).json();
    expect(ids(mine)).not.toContain(person);
    expect(ids(mine)).toContain(below);
    expect((await get(master, `/api/employee/${below}`)).json().managerId).toBe(me.employeeId);
    const onChannel = (await get(master, `/api/channel/${channel}/employees`)).json() as {
      employeeId: number;
    }[];
    expect(onChannel.map((e) => e.employeeId)).not.toContain(person);
    const roles = await app.db
      .select()
      .from(channelEmployees)
      .where(and(eq(channelEmployees.teamId, me.teamId), eq(channelEmployees.employeeId, person)));
    expect(roles).toEqual([]);
    expect((await get(theirSession, '/api/employee')).statusCode).toBe(401);

    // Nothing more can be done with them, and removing them again is 404.
    for (const response of [
      await get(master, `/api/employee/${person}/assignedChannels`),
      await get(master, `/api/employee/${person}/subordinates`),
      await send(master, 'PATCH', `/api/employee/${person}`, { firstName: 'Снова', version: 1 }),
      await send(master, 'POST', `/api/employee/${person}/assignOnChannel`, {
        channelId: channel,
        employeeChannelRoleId: 2,
        salaryTypeId: 2,
      }),
      await send(master, 'POST', '/api/employee', { firstName: 'Под удалённым', managerId: person }),
      await remove(master, person),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
  });

  it('keeps the name of a removed person on their past sales: the list, the sale, its edit and the export', async () => {
    const master = await signInDemo(app, 'remove-history');
    const channel = (await get(master, '/api/channel?limit=1')).json().items[0].id as number;
    const person = await create(master, { firstName: 'Глеб', secondName: 'Продавцов' });
    const sale = await send(
      master,
      'POST',
      '/api/sale',
      salePayload(channel, { soldByEmployeeId: person, saleDate: '2031-03-03' }),
    );
    expect(sale.statusCode, sale.body).toBe(201);
    const saleId = sale.json().id as number;

    expect((await remove(master, person)).statusCode).toBe(204);

    const seller = { id: person, firstName: 'Глеб', secondName: 'Продавцов' };
    expect((await get(master, `/api/sale/${saleId}`)).json().soldByEmployeeInfo).toMatchObject(seller);
    const list = (await get(master, '/api/sale/filter?limit=200&from=2031-03-03&to=2031-03-03')).json();
    expect(list.items.find((item: { id: number }) => item.id === saleId)?.soldByEmployeeInfo).toMatchObject(
      seller,
    );
    const byThem = (await get(master, `/api/sale?employeeId=${person}`)).json();
    expect(byThem.items.map((item: { id: number }) => item.id)).toContain(saleId);
    // The sale's form sends its seller back with an edit: a removed seller does not block it.
    const version = (await get(master, `/api/sale/${saleId}`)).json().version;
    const edited = await send(master, 'PATCH', `/api/sale/${saleId}`, {
      version,
      price: 20000,
      soldByEmployeeId: person,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().soldByEmployeeInfo).toMatchObject(seller);

    // ...but nobody makes a removed person the seller of a new sale or of another one.
    const newSale = await send(
      master,
      'POST',
      '/api/sale',
      salePayload(channel, { soldByEmployeeId: person, saleDate: '2031-03-04' }),
    );
    expect(newSale.statusCode, newSale.body).toBe(404);
    const other = await send(master, 'POST', '/api/sale', salePayload(channel, { saleDate: '2031-03-04' }));
    const otherId = other.json().id as number;
    const moved = await send(master, 'PATCH', `/api/sale/${otherId}`, {
      version: other.json().version,
      soldByEmployeeId: person,
    });
    expect(moved.statusCode, moved.body).toBe(404);
    const owned = await send(master, 'POST', '/api/channel', {
      telegramNickName: 'new_one',
      ownerEmployeeId: person,
    });
    expect(owned.statusCode, owned.body).toBe(404);

    const file = await get(master, '/api/sale/export?from=2031-03-03&to=2031-03-03');
    expect(file.statusCode, file.body.slice(0, 300)).toBe(200);
    const parsed = parseCsv(file.rawPayload);
    const [header] = parsed;
    const rows = dealRows(parsed);
    const column = header?.indexOf('Сотрудник') ?? -1;
    expect(column).toBeGreaterThan(-1);
    expect(rows.map((row) => row[column])).toContain('Глеб Продавцов');
  });

  it('never removes the master or the caller: 400 in Russian, and nothing changes', async () => {
    const master = await signInWith(app, 'remove-master');
    const { teamId, employeeId: masterId } = master.member;
    const manager = await create(master.headers, { firstName: 'Руководитель' });
    const managerSession = await sessionOf(teamId, manager);
    const before = await teamRows(teamId);

    expect((await remove(master.headers, masterId)).json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Нельзя удалить из команды самого себя',
    });
    // A member who does not see the owner (no channel of theirs) cannot reach them at all (docs/decisions/024).
    expect((await remove(managerSession, masterId)).statusCode).toBe(404);
    const self = await remove(managerSession, manager);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Нельзя удалить из команды самого себя');
    expect(await teamRows(teamId)).toEqual(before);
  });

  it('an employee removes only the people below them; one they see is 403, one they do not is 404', async () => {
    const master = await signInDemo(app, 'remove-rights');
    const { teamId } = await callerOf(app, master);
    const channel = (await get(master, '/api/channel?limit=1')).json().items[0].id as number;
    const lead = await create(master, { firstName: 'Лидер' });
    const middle = await create(master, { firstName: 'Средний', managerId: lead });
    const bottom = await create(master, { firstName: 'Нижний', managerId: middle });
    const aside = await create(master, { firstName: 'Сбоку' });
    // The lead administers the channel the person aside works on: the lead sees them, but they are not the lead's.
    for (const [person, role] of [
      [lead, 1],
      [aside, 2],
    ] as const) {
      const assigned = await send(master, 'POST', `/api/employee/${person}/assignOnChannel`, {
        channelId: channel,
        employeeChannelRoleId: role,
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    const leadSession = await sessionOf(teamId, lead);
    const plainSession = await sessionOf(teamId, aside);
    const before = await teamRows(teamId);

    for (const [who, target] of [
      [plainSession, lead],
      [plainSession, bottom],
    ] as const) {
      expect((await remove(who, target)).statusCode).toBe(404);
    }
    for (const [who, target] of [[leadSession, aside]] as const) {
      const refused = await remove(who, target);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'Удалить из команды можно только своих сотрудников',
      });
    }
    expect(await teamRows(teamId)).toEqual(before);

    // Two levels down is still theirs; the people under the removed one move up to the lead.
    expect((await remove(leadSession, middle)).statusCode).toBe(204);
    const after = await teamRows(teamId);
    expect(after.find((e) => e.id === bottom)?.managerId).toBe(lead);
    expect(after.find((e) => e.id === middle)?.removedAt).toBeInstanceOf(Date);
    expect((await remove(master, aside)).statusCode).toBe(204);
  });

  it('two removals at once, a person and their manager, leave nobody under a removed manager', async () => {
    const master = await signInWith(app, 'remove-race');
    const { teamId, employeeId: masterId } = master.member;
    for (let round = 0; round < 5; round++) {
      const upper = await create(master.headers, { firstName: 'Верхний' });
      const middle = await create(master.headers, { firstName: 'Средний', managerId: upper });
      const lower = await create(master.headers, { firstName: 'Нижний', managerId: middle });
      const answers = await Promise.all([remove(master.headers, middle), remove(master.headers, upper)]);
      expect(answers.map((a) => a.statusCode)).toEqual([204, 204]);
      const rows = await teamRows(teamId);
      const managerOfLower = rows.find((e) => e.id === lower)?.managerId;
      expect(managerOfLower).toBe(masterId);
    }
  });

  it('answers 404 for another team’s person or a missing one, and changes nothing', async () => {
    const mine = await signInDemo(app, 'remove-mine');
    const theirs = await signInDemo(app, 'remove-theirs');
    const them = await callerOf(app, theirs);
    const theirTeam = (await get(theirs, '/api/employee/all?limit=50')).json();
    const theirPerson = theirTeam.items[1].id as number;
    const before = await teamRows(them.teamId);
    for (const id of [theirPerson, them.employeeId, 2_000_000_000]) {
      const response = await remove(mine, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Сотрудник не найден' });
    }
    expect(await teamRows(them.teamId)).toEqual(before);
    expect((await get(theirs, '/api/employee/all?limit=50')).json().total).toBe(theirTeam.total);
    expect((await remove(mine, 0)).statusCode).toBe(400);
  });
});
