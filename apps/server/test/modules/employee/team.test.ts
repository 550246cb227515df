import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegram } from '../../helpers/fake-telegram.js';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

type Headers = { cookie: string };

describe('team: employees, roles, pay terms, requisites', () => {
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeTelegram>>;
  const logLines: string[] = [];
  let mine: Headers;
  let theirs: Headers;
  let myChannel: number;
  let theirChannel: number;
  let theirEmployee: number;

  const get = (headers: Headers, url: string) => app.inject({ url, headers });
  const post = (headers: Headers, url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { ...headers, ...sameOrigin }, payload });

  const addition = (overrides: object = {}) => ({
    requestId: randomUUID(),
    employee: { name: 'Ирина Волкова-Петрова', telegramNickName: 'https://t.me/irina_volkova' },
    roleId: 2,
    salaryTypeId: 2,
    conditions: '10% с продаж',
    paymentMethod: { paymentMethodTypeId: 1, credentials: '2200 7777 8888 9999', description: 'Альфа' },
    ...overrides,
  });

  beforeAll(async () => {
    fake = await startFakeTelegram([
      {
        id: 501,
        title: 'Ирина Волкова',
        username: 'irina_volkova',
        image: 'https://t.me/i/userpic/320/irina_volkova.jpg',
      },
    ]);
    app = await createTestApp(
      { ...fake.env, LOG_LEVEL: 'trace' },
      { logStream: { write: (l) => logLines.push(l) } },
    );
    mine = await signInDemo(app, 'team-mine');
    theirs = await signInDemo(app, 'team-theirs');
    myChannel = (await get(mine, '/api/channel?limit=1')).json().items[0].id;
    theirChannel = (await get(theirs, '/api/channel?limit=1')).json().items[0].id;
    theirEmployee = (await get(theirs, '/api/employee/all?limit=2')).json().items[1].id;
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('serves the reference lists of decisions D3', async () => {
    expect(
      (await get(mine, '/api/employeeChannelRole/all')).json().map((r: { name: string }) => r.name),
    ).toEqual(['Администратор', 'Менеджер по продажам', 'Менеджер по закупкам', 'Контент-менеджер']);
    expect((await get(mine, '/api/employeeChannelRole/2')).json()).toEqual({
      id: 2,
      name: 'Менеджер по продажам',
    });
    expect((await get(mine, '/api/employeeChannelRole/99')).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Роль не найдена',
    });
    expect((await get(mine, '/api/salary/type/all')).json()).toHaveLength(4);
    expect((await get(mine, '/api/salary/type/forChannelRole?employeeChannelRoleId=2')).json()).toEqual([
      { id: 2, name: 'Процент от продаж' },
      { id: 1, name: 'Фиксированный оклад' },
    ]);
    expect((await get(mine, '/api/salary/type/forChannelRole?employeeChannelRoleId=x')).statusCode).toBe(400);
    expect(
      (await get(mine, '/api/paymentMethodType/all')).json().map((t: { name: string }) => t.name),
    ).toEqual(['Банковская карта', 'СБП', 'ЮMoney', 'Криптовалюта (USDT)', 'Наличные']);
  });

  it('lists the team with the channels each works on, paged', async () => {
    const page = (await get(mine, '/api/employee/all?limit=2')).json();
    expect(page.total).toBe(4);
    expect(page.items[0]).toMatchObject({ firstName: 'Алексей', channels: [] });
    expect(page.items[1]).toMatchObject({
      firstName: 'Мария',
      channels: expect.arrayContaining([expect.objectContaining({ id: myChannel })]),
    });
    const rest = (await get(mine, `/api/employee/all?limit=2&cursor=${page.nextCursor}`)).json();
    expect(rest.items.map((e: { firstName: string }) => e.firstName)).toEqual(['Дмитрий', 'Анна']);
  });

  it('finds Telegram users by link, and says «Пользователь не найден» otherwise', async () => {
    expect(
      (await get(mine, '/api/employee/searchInTelegram?userName=%40irina_volkova')).json(),
    ).toMatchObject({
      name: 'Ирина Волкова',
      imageLink: 'https://t.me/i/userpic/320/irina_volkova.jpg',
      telegramNickName: 'irina_volkova',
    });
    const missing = await get(mine, '/api/employee/searchInTelegram?userName=nobody_at_all');
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Пользователь не найден' });
    expect((await get(mine, '/api/employee/searchInTelegram?userName=t.me%2F%2Bxyz')).statusCode).toBe(400);
  });

  it('creates an employee under the caller, with the Telegram picture', async () => {
    const created = await post(mine, '/api/employee', {
      firstName: 'Павел',
      secondName: 'Морозов',
      employeeTelegramInfo: { name: 'Павел Морозов', telegramNickName: 'irina_volkova' },
      channelId: myChannel,
    });
    expect(created.statusCode).toBe(201);
    const employee = (await get(mine, `/api/employee/${created.json().id}`)).json();
    const me = (await get(mine, '/api/employee')).json();
    expect(employee).toMatchObject({
      firstName: 'Павел',
      secondName: 'Морозов',
      managerId: me.id,
      telegramNickName: 'irina_volkova',
      iconLink: 'https://t.me/i/userpic/320/irina_volkova.jpg',
    });
    const empty = await post(mine, '/api/employee', { firstName: '  ' });
    expect(empty.json().fieldErrors.firstName).toEqual(['Поле не должно быть пустым']);
    expect((await post(mine, '/api/employee', { firstName: 'Х', managerId: theirEmployee })).statusCode).toBe(
      404,
    );
    expect((await post(mine, '/api/employee', { firstName: 'Х', channelId: theirChannel })).statusCode).toBe(
      404,
    );
  });

  it('adds a new person to a channel in one step: employee, role, terms, requisites', async () => {
    const before = (await get(mine, '/api/employee/all')).json().total;
    const response = await post(mine, `/api/channel/${myChannel}/employees`, addition());
    expect(response.statusCode).toBe(201);
    const { employeeId } = response.json();
    const person = (await get(mine, `/api/employee/${employeeId}`)).json();
    expect(person).toMatchObject({
      firstName: 'Ирина',
      secondName: 'Волкова-Петрова',
      telegramNickName: 'irina_volkova',
    });
    expect((await get(mine, `/api/employee/${employeeId}/assignedChannels`)).json()).toEqual([
      expect.objectContaining({
        channelId: myChannel,
        employeeChannelRoleId: 2,
        roleName: 'Менеджер по продажам',
        salaryTypeName: 'Процент от продаж',
        conditions: '10% с продаж',
      }),
    ]);
    expect((await get(mine, `/api/employee/${employeeId}/paymentMethods`)).json()).toEqual([
      expect.objectContaining({
        paymentMethodTypeName: 'Банковская карта',
        credentials: '2200 7777 8888 9999',
      }),
    ]);
    const onChannel = (await get(mine, `/api/channel/${myChannel}/employees`)).json();
    expect(onChannel.map((e: { employeeId: number }) => e.employeeId)).toContain(employeeId);
    expect((await get(mine, '/api/employee/all')).json().total).toBe(before + 1);
  });

  it('answers a repeated press with the first result and adds nobody twice', async () => {
    const body = addition({ employee: { name: 'Дубль Дублев' } });
    const before = (await get(mine, '/api/employee/all')).json().total;
    const [a, b] = await Promise.all([
      post(mine, `/api/channel/${myChannel}/employees`, body),
      post(mine, `/api/channel/${myChannel}/employees`, body),
    ]);
    const c = await post(mine, `/api/channel/${myChannel}/employees`, body);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([a.json().employeeId, b.json().employeeId, c.json().employeeId]).size).toBe(1);
    expect((await get(mine, '/api/employee/all')).json().total).toBe(before + 1);
  });

  it('adds an existing team member to a second channel; the channel lists each person once', async () => {
    const maria = (await get(mine, '/api/employee/all?limit=2')).json().items[1].id;
    const second = (await get(mine, '/api/channel?limit=2')).json().items[1].id;
    const add = (roleId: number, salaryTypeId: number) =>
      post(
        mine,
        `/api/channel/${second}/employees`,
        addition({ employee: { id: maria }, roleId, salaryTypeId }),
      );
    expect((await add(2, 2)).json()).toEqual({ employeeId: maria });
    expect((await add(4, 4)).statusCode).toBe(201);
    const onChannel = (await get(mine, `/api/channel/${second}/employees`)).json();
    expect(onChannel.filter((e: { employeeId: number }) => e.employeeId === maria)).toHaveLength(1);
    const roles = (await get(mine, `/api/employee/${maria}/assignedChannels`)).json();
    expect(roles.filter((r: { channelId: number }) => r.channelId === second)).toHaveLength(2);
    // The same requisites are not stored twice.
    const methods = (await get(mine, `/api/employee/${maria}/paymentMethods`)).json();
    expect(
      methods.filter((m: { credentials: string }) => m.credentials === '2200 7777 8888 9999'),
    ).toHaveLength(1);
  });

  it('refuses bad additions in Russian, writing nothing', async () => {
    const before = (await get(mine, '/api/employee/all')).json().total;
    const cases: [object, string][] = [
      [{ conditions: ' ' }, 'conditions'],
      [{ paymentMethod: { paymentMethodTypeId: 1, credentials: '' } }, 'paymentMethod.credentials'],
      [{ roleId: undefined }, 'roleId'],
      [{ requestId: 'not-a-uuid' }, 'requestId'],
      [{ employee: { name: '' } }, 'employee'],
      [{ roleId: 9 }, 'roleId'],
      [{ roleId: 1, salaryTypeId: 2 }, 'salaryTypeId'],
      [{ paymentMethod: { paymentMethodTypeId: 9, credentials: 'x' } }, 'paymentMethod.paymentMethodTypeId'],
    ];
    for (const [overrides, field] of cases) {
      const response = await post(mine, `/api/channel/${myChannel}/employees`, addition(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {}).join(','), JSON.stringify(overrides)).toContain(
        field,
      );
      expect(response.json().message).toMatch(/[а-яё]/i);
    }
    expect((await get(mine, '/api/employee/all')).json().total).toBe(before);
  });

  it('leaves nothing half-added when the transaction fails', async () => {
    const broken = await createTestApp(fake.env);
    try {
      const team = await signInDemo(broken, 'broken-team');
      const channel = (await broken.inject({ url: '/api/channel?limit=1', headers: team })).json().items[0]
        .id;
      const before = (await broken.inject({ url: '/api/employee/all', headers: team })).json().total;
      await broken.db.execute(sql`drop table payment_methods`);
      const response = await broken.inject({
        method: 'POST',
        url: `/api/channel/${channel}/employees`,
        headers: { ...team, ...sameOrigin },
        payload: addition({ employee: { name: 'Полу Добавленный' } }),
      });
      expect(response.statusCode).toBe(500);
      expect((await broken.inject({ url: '/api/employee/all', headers: team })).json().total).toBe(before);
    } finally {
      await broken.close();
    }
  });

  it('assigns idempotently and removes a role', async () => {
    const anna = (await get(mine, '/api/employee/all?limit=4')).json().items[3].id;
    const body = {
      channelId: myChannel,
      employeeChannelRoleId: 1,
      salaryTypeId: 1,
      conditions: 'Оклад 30 000 руб',
    };
    await post(mine, `/api/employee/${anna}/assignOnChannel`, body);
    const twice = (
      await post(mine, `/api/employee/${anna}/assignOnChannel`, { ...body, conditions: 'Оклад 35 000 руб' })
    ).json();
    const admin = twice.filter((a: { employeeChannelRoleId: number }) => a.employeeChannelRoleId === 1);
    expect(admin).toEqual([expect.objectContaining({ conditions: 'Оклад 35 000 руб' })]);
    const after = (
      await post(mine, `/api/employee/${anna}/removeAssignmentOnChannel`, {
        channelId: myChannel,
        employeeChannelRoleId: 1,
      })
    ).json();
    expect(
      after.some(
        (a: { employeeChannelRoleId: number; channelId: number }) =>
          a.employeeChannelRoleId === 1 && a.channelId === myChannel,
      ),
    ).toBe(false);
    expect(
      (await post(mine, `/api/employee/${anna}/assignOnChannel`, { ...body, salaryTypeId: 3 })).statusCode,
    ).toBe(400);
  });

  it('keeps requisites: add, list, open, delete', async () => {
    const maria = (await get(mine, '/api/employee/all?limit=2')).json().items[1].id;
    const created = await post(mine, '/api/paymentMethod', {
      employeeId: maria,
      paymentMethodTypeId: 4,
      credentials: 'TXyz-USDT-secret-wallet',
      description: 'TRC-20',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      paymentMethodTypeName: 'Криптовалюта (USDT)',
      credentials: 'TXyz-USDT-secret-wallet',
    });
    expect(
      (await get(mine, `/api/paymentMethod?employeeId=${maria}`)).json().map((m: { id: number }) => m.id),
    ).toContain(id);
    expect((await get(mine, `/api/paymentMethod/${id}`)).json().description).toBe('TRC-20');
    const empty = await post(mine, '/api/paymentMethod', {
      employeeId: maria,
      paymentMethodTypeId: 1,
      credentials: ' ',
    });
    expect(empty.json().fieldErrors.credentials).toEqual(['Поле не должно быть пустым']);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/paymentMethod/${id}`,
      headers: { ...mine, ...sameOrigin },
    });
    expect(del.statusCode).toBe(204);
    expect((await get(mine, `/api/paymentMethod/${id}`)).statusCode).toBe(404);
  });

  it('never writes requisites to the logs', async () => {
    const maria = (await get(mine, '/api/employee/all?limit=2')).json().items[1].id;
    await post(mine, '/api/paymentMethod', {
      employeeId: maria,
      paymentMethodTypeId: 1,
      credentials: 'SECRET-4242-CARD',
    });
    await post(mine, '/api/paymentMethod', {
      employeeId: 'x',
      paymentMethodTypeId: 1,
      credentials: 'SECRET-BAD-BODY',
    });
    await post(
      mine,
      `/api/channel/${myChannel}/employees`,
      addition({ paymentMethod: { paymentMethodTypeId: 1, credentials: 'SECRET-FLOW' } }),
    );
    const logs = logLines.join('\n');
    expect(logs).toContain('/api/paymentMethod');
    expect(logs).not.toMatch(/SECRET-/);
  });

  it('answers 404 for every id of another team, exactly as for a missing one, and changes nothing', async () => {
    const theirMethod = (await get(theirs, `/api/employee/${theirEmployee}/paymentMethods`)).json()[0].id;
    const cases: [string, string, object?][] = [
      ['GET', `/api/employee/${theirEmployee}`],
      ['GET', `/api/employee/${theirEmployee}/assignedChannels`],
      ['GET', `/api/employee/${theirEmployee}/paymentMethods`],
      ['GET', `/api/employee/${theirEmployee}/subordinates`],
      ['GET', `/api/paymentMethod?employeeId=${theirEmployee}`],
      ['GET', `/api/paymentMethod/${theirMethod}`],
      ['DELETE', `/api/paymentMethod/${theirMethod}`],
      [
        'POST',
        `/api/employee/${theirEmployee}/assignOnChannel`,
        { channelId: myChannel, employeeChannelRoleId: 1 },
      ],
      [
        'POST',
        `/api/employee/${theirEmployee}/removeAssignmentOnChannel`,
        { channelId: theirChannel, employeeChannelRoleId: 2 },
      ],
      ['POST', '/api/paymentMethod', { employeeId: theirEmployee, paymentMethodTypeId: 1, credentials: 'x' }],
      ['POST', `/api/channel/${theirChannel}/employees`, addition()],
      ['POST', `/api/channel/${myChannel}/employees`, addition({ employee: { id: theirEmployee } })],
    ];
    for (const [method, url, payload] of cases) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: { ...mine, ...sameOrigin },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect((await get(theirs, `/api/paymentMethod/${theirMethod}`)).statusCode).toBe(200);
    expect(
      (await get(theirs, `/api/employee/${theirEmployee}/assignedChannels`)).json().length,
    ).toBeGreaterThan(0);
  });
});
