import { CHANNEL_ROLE, innProblem } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf } from '../../helpers/team.js';
import { callWith, createTestApp, signInDemo } from '../../helpers/test-app.js';
import { sessionAs } from '../../helpers/users.js';

// Issue 35, the team's own legal details: the ИНН's check digits of both lengths, the owner's alone, each team's own.

describe('ИНН check digits', () => {
  it.each([
    ['7707083893', 'juridical'],
    ['7736050003', 'juridical'],
    ['500100732259', 'ip'],
    ['770708389324', 'physical'],
  ] as const)('accepts %s for %s', (inn, type) => {
    expect(innProblem(inn, type)).toBeUndefined();
  });

  it.each([
    ['7707083894', 'juridical', 'ИНН: неверная контрольная сумма'],
    ['500100732258', 'ip', 'ИНН: неверная контрольная сумма'],
    ['500100732249', 'physical', 'ИНН: неверная контрольная сумма'],
    ['500100732259', 'juridical', 'ИНН: 10 цифр у юрлица, 12 — у ИП и физлица'],
    ['7707083893', 'ip', 'ИНН: 10 цифр у юрлица, 12 — у ИП и физлица'],
    ['77070838 3', 'juridical', 'ИНН: только цифры'],
  ] as const)('refuses %s for %s', (inn, type, message) => {
    expect(innProblem(inn, type)).toBe(message);
  });
});

describe('GET/PUT /api/team/legal', () => {
  let app: FastifyInstance;
  let owner: { cookie: string };
  let other: { cookie: string };
  let admin: { cookie: string };

  beforeAll(async () => {
    app = await createTestApp();
    owner = await signInDemo(app, 'legal-owner');
    other = await signInDemo(app, 'legal-other');
    const { teamId } = await callerOf(app, owner);
    const channel = (await callWith(app, owner, 'GET', '/api/channel?limit=1')).json().items[0];
    const person = (await callWith(app, owner, 'POST', '/api/employee', { firstName: 'Админ' })).json();
    await callWith(app, owner, 'POST', `/api/employee/${person.id}/assignOnChannel`, {
      channelId: channel.id,
      employeeChannelRoleId: CHANNEL_ROLE.admin,
    });
    admin = await sessionAs(app, teamId, person.id);
  });
  afterAll(() => app.close());

  const put = (who: { cookie: string }, body: object) => callWith(app, who, 'PUT', '/api/team/legal', body);

  it('answers null until the owner fills them, then what was saved; a company keeps its КПП, others none', async () => {
    expect((await callWith(app, owner, 'GET', '/api/team/legal')).json()).toBeNull();
    const company = { type: 'juridical', name: 'ПАО Сбербанк', inn: '7707083893', kpp: '773601001' };
    const saved = await put(owner, company);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(company);
    expect((await callWith(app, owner, 'GET', '/api/team/legal')).json()).toEqual(company);
    const person = await put(owner, {
      type: 'ip',
      name: 'ИП Иванов Иван',
      inn: '500100732259',
      kpp: '773601001',
    });
    expect(person.json()).toEqual({ type: 'ip', name: 'ИП Иванов Иван', inn: '500100732259', kpp: null });
  });

  it('refuses a wrong ИНН, a company without a КПП and a bad type with 400 in Russian, writing nothing', async () => {
    const before = (await callWith(app, owner, 'GET', '/api/team/legal')).json();
    const cases: [object, string, string][] = [
      [
        { type: 'juridical', name: 'ООО Ромашка', inn: '7707083894', kpp: '773601001' },
        'inn',
        'ИНН: неверная контрольная сумма',
      ],
      [{ type: 'physical', name: 'Иванов', inn: '500100732258' }, 'inn', 'ИНН: неверная контрольная сумма'],
      [
        { type: 'ip', name: 'ИП Иванов', inn: '7707083893' },
        'inn',
        'ИНН: 10 цифр у юрлица, 12 — у ИП и физлица',
      ],
      [{ type: 'juridical', name: 'ООО Ромашка', inn: '7707083893' }, 'kpp', 'КПП: обязателен для юрлица'],
      [
        { type: 'juridical', name: 'ООО Ромашка', inn: '7707083893', kpp: '77360100' },
        'kpp',
        'КПП: 9 знаков, например 770101001',
      ],
      [{ type: 'company', name: 'ООО', inn: '7707083893' }, 'type', 'Выберите: юрлицо, ИП или физлицо'],
      [{ type: 'ip', name: '  ', inn: '500100732259' }, 'name', 'Поле не должно быть пустым'],
    ];
    for (const [body, field, message] of cases) {
      const response = await put(owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fieldErrors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect((await callWith(app, owner, 'GET', '/api/team/legal')).json()).toEqual(before);
  });

  it("is the owner's alone, and each team's own", async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { type: 'ip', name: 'x', inn: '500100732259' }],
    ] as const) {
      const refused = await callWith(app, admin, method, '/api/team/legal', body);
      expect([refused.statusCode, refused.json().message]).toEqual([
        403,
        'Это доступно только владельцу команды',
      ]);
    }
    expect((await callWith(app, other, 'GET', '/api/team/legal')).json()).toBeNull();
    await put(other, { type: 'physical', name: 'Пётр Петров', inn: '770708389324' });
    expect((await callWith(app, owner, 'GET', '/api/team/legal')).json().inn).toBe('500100732259');
  });
});
