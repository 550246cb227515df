import { CHANNEL_ROLE, type ChannelPrice } from '@addesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, countRows } from '../../helpers/team.js';
import { callWith, createTestApp, signInDemo } from '../../helpers/test-app.js';
import { sessionAs } from '../../helpers/users.js';

type Who = 'owner' | 'admin' | 'sales' | 'stranger';

const LIST: ChannelPrice[] = [
  { advertisementFormatId: 1, durationType: 'HOURS', duration: 24, hoursInTop: 1, price: 12_500 },
  { advertisementFormatId: 1, durationType: 'HOURS', duration: 48, hoursInTop: 2, price: 18_000.5 },
  { advertisementFormatId: 1, durationType: 'INFINITY', duration: null, hoursInTop: 0, price: 30_000 },
];

describe("a channel's price list", () => {
  let app: FastifyInstance;
  const as = {} as Record<Who, { cookie: string }>;
  let x = 0;
  let y = 0;
  let teamId = 0;

  const url = (id: number) => `/api/channel/${id}/prices`;
  const read = (who: Who, id = x) => callWith(app, as[who], 'GET', url(id));
  const save = (who: Who, list: unknown[], id = x) => callWith(app, as[who], 'PUT', url(id), list);

  beforeAll(async () => {
    app = await createTestApp();
    as.owner = await signInDemo(app, 'prices');
    as.stranger = await signInDemo(app, 'prices-other');
    teamId = (await callerOf(app, as.owner)).teamId;
    const channels = (await callWith(app, as.owner, 'GET', '/api/channel?limit=2')).json().items as {
      id: number;
    }[];
    x = channels[0]?.id ?? 0;
    y = channels[1]?.id ?? 0;
    for (const [who, role] of [
      ['admin', CHANNEL_ROLE.admin],
      ['sales', CHANNEL_ROLE.sales],
    ] as const) {
      const created = await callWith(app, as.owner, 'POST', '/api/employee', { firstName: `Прайс ${who}` });
      const id = created.json().id as number;
      const assigned = await callWith(app, as.owner, 'POST', `/api/employee/${id}/assignOnChannel`, {
        channelId: x,
        employeeChannelRoleId: role,
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      as[who] = await sessionAs(app, teamId, id);
    }
  });
  afterAll(() => app.close());

  it('starts empty, is replaced whole in the order sent and reads back as saved', async () => {
    expect((await read('owner')).json()).toEqual([]);
    const saved = await save('owner', LIST);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(LIST);
    expect((await read('owner')).json()).toEqual(LIST);

    const shorter = [{ ...LIST[2], duration: 5 }, LIST[0]];
    const replaced = await save('owner', shorter);
    // 'Без удаления' keeps no number of days or hours, whatever was sent, as a deal's placement.
    expect(replaced.json()).toEqual([LIST[2], LIST[0]]);
    expect(await countRows(app, 'channel_prices', teamId)).toBe(2);
    expect((await save('owner', [])).json()).toEqual([]);
    expect(await countRows(app, 'channel_prices', teamId)).toBe(0);
  });

  it('refuses a bad list with Russian field errors and keeps the list it had', async () => {
    await save('owner', LIST);
    const cases: [unknown[], string, string][] = [
      [[LIST[0], { ...LIST[0], price: 99 }], '1.price', 'Такая строка уже есть в прайсе'],
      [[{ ...LIST[0], price: 0 }], '0.price', 'Цена должна быть больше 0'],
      [[{ ...LIST[0], price: 10.555 }], '0.price', 'Не больше двух знаков после запятой'],
      [[{ ...LIST[0], price: 'дорого' }], '0.price', 'Укажите стоимость числом'],
      [[{ ...LIST[0], durationType: 'DAYS', duration: null }], '0.duration', 'Укажите срок'],
      [[{ ...LIST[0], durationType: 'WEEKS' }], '0.durationType', 'Выберите срок размещения'],
      [[{ ...LIST[0], advertisementFormatId: 99 }], '0.advertisementFormatId', 'Выберите формат из списка'],
    ];
    for (const [list, field, message] of cases) {
      const response = await save('owner', list);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fieldErrors[field], field).toEqual([message]);
    }
    const tooLong = Array.from({ length: 51 }, (_, i) => ({ ...LIST[0], hoursInTop: i }));
    expect((await save('owner', tooLong)).statusCode).toBe(400);
    expect((await read('owner')).json()).toEqual(LIST);
  });

  it("is read by whoever sees the channel, written by its administrator and the owner; another's is not there", async () => {
    await save('owner', LIST);
    expect((await read('sales')).json()).toEqual(LIST);
    expect((await save('sales', LIST)).statusCode).toBe(403);
    const byAdmin = await save('admin', [LIST[1]]);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await read('owner')).json()).toEqual([LIST[1]]);
    // A channel the person has no role on, another team's and one nobody has all answer as missing.
    expect((await read('sales', y)).statusCode).toBe(404);
    expect((await save('admin', LIST, y)).statusCode).toBe(404);
    for (const id of [x, 999_999]) {
      expect((await read('stranger', id)).statusCode).toBe(404);
      const foreign = await save('stranger', LIST, id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Канал не найден');
    }
    expect((await read('owner')).json()).toEqual([LIST[1]]);
  });

  it('is kept for an archived channel, which cannot be priced until it comes back', async () => {
    await save('owner', LIST);
    expect((await callWith(app, as.owner, 'DELETE', `/api/channel/${y}`)).statusCode).toBe(204);
    expect((await save('owner', LIST, y)).statusCode).toBe(404);
    expect((await callWith(app, as.owner, 'POST', `/api/channel/${y}/restore`)).statusCode).toBe(200);
    expect((await save('owner', LIST, y)).statusCode).toBe(200);
  });

  it("keeps each change in the channel's history with who made it, and a save that changes nothing out of it", async () => {
    const events = async () =>
      (
        await app.db.execute(
          sql`select actor_name as actor, changes from history_events
               where team_id = ${teamId} and entity = 'channel' and entity_id = ${x} order by id`,
        )
      ).rows as { actor: string; changes: { field: string; from: string | null; to: string | null }[] }[];
    await save('owner', []);
    const before = (await events()).length;
    await save('admin', [LIST[0]]);
    await save('admin', [LIST[0]]);
    const added = (await events()).slice(before);
    expect(added.map((event) => event.actor)).toEqual(['Прайс admin']);
    expect(added[0]?.changes).toEqual([{ field: 'prices', from: null, to: '1:HOURS:24:1=12500' }]);
  });

  it('two lists saved at once leave one of them whole', async () => {
    const a = LIST.map((row) => ({ ...row, price: row.price + 1 }));
    const b = [LIST[0]];
    const answers = await Promise.all([save('owner', a), save('owner', b), save('admin', a)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect([a, b]).toContainEqual((await read('owner')).json());
  });
});
