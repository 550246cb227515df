import { CHANNEL_ROLE } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salePayload } from '../../helpers/deal-payload.js';
import { callerOf } from '../../helpers/team.js';
import { callWith, createTestApp, signInDemo } from '../../helpers/test-app.js';
import { sessionAs } from '../../helpers/users.js';

// Issue 35, a deal's marking: who registers it, what is missing in Russian, the state, the text to paste, the links
// with ?erid=, the contact's details remembered for the next deal, the purchase's advertiser being the team itself.

const ERID = '2VtzqwxYz7a';
const ADVERTISER = { type: 'juridical', name: 'ООО «Ромашка»', inn: '7707083893' };
const CONTRACT = {
  number: 'Д-15',
  date: '2026-11-01',
  type: 'service',
  subject: 'distribution',
  amount: 15000,
  vatIncluded: false,
};
const CREATIVE = {
  form: 'text_block',
  text: 'Лучшие цветы',
  urls: ['https://romashka.ru/buy?utm=tg'],
  kktu: '30.10.1',
};

describe('GET/PUT /api/{sale|purchase}/{id}/marking', () => {
  let app: FastifyInstance;
  let owner: { cookie: string };
  let stranger: { cookie: string };
  let viewer: { cookie: string };
  let channelId: number;
  let contactSale: number;

  const call = (who: { cookie: string }, method: string, url: string, body?: object) =>
    callWith(app, who, method, url, body);
  const sale = async (contact: string) => {
    const made = await call(
      owner,
      'POST',
      '/api/sale',
      salePayload(channelId, { contactPerson: { name: contact }, saleDate: '2026-11-20' }),
    );
    expect(made.statusCode, made.body).toBe(201);
    return made.json().id as number;
  };

  beforeAll(async () => {
    app = await createTestApp();
    owner = await signInDemo(app, 'marking-owner');
    stranger = await signInDemo(app, 'marking-stranger');
    const { teamId } = await callerOf(app, owner);
    channelId = (await call(owner, 'GET', '/api/channel?limit=1')).json().items[0].id;
    const person = (await call(owner, 'POST', '/api/employee', { firstName: 'Менеджер' })).json();
    await call(owner, 'POST', `/api/employee/${person.id}/assignOnChannel`, {
      channelId,
      employeeChannelRoleId: CHANNEL_ROLE.sales,
    });
    viewer = await sessionAs(app, teamId, person.id);
    contactSale = await sale('Ромашка, маркетинг');
  });
  afterAll(() => app.close());

  it('says what is missing until everything an ОРД needs is there, then that it is ready', async () => {
    const empty = (await call(owner, 'GET', `/api/sale/${contactSale}/marking`)).json();
    expect(empty).toMatchObject({
      registeredBy: null,
      state: 'no_data',
      missing: ['Кто регистрирует рекламу'],
      marker: null,
    });
    const partial = await call(owner, 'PUT', `/api/sale/${contactSale}/marking`, {
      registeredBy: 'us',
      advertiser: { name: 'ООО «Ромашка»' },
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().missing).toEqual([
      'Юридические данные команды (Настройки → Юридические данные)',
      'Рекламодатель: юрлицо, ИП или физлицо',
      'Рекламодатель: ИНН',
      'Договор: номер',
      'Договор: дата',
      'Договор: тип',
      'Договор: предмет',
      'Договор: сумма',
      'Креатив: форма',
      'Креатив: текст поста',
      'Креатив: код ККТУ',
    ]);
    await call(owner, 'PUT', '/api/team/legal', { type: 'ip', name: 'ИП Канальев', inn: '500100732259' });
    const full = await call(owner, 'PUT', `/api/sale/${contactSale}/marking`, {
      registeredBy: 'us',
      advertiser: ADVERTISER,
      contract: CONTRACT,
      creative: CREATIVE,
    });
    expect(full.json()).toMatchObject({
      state: 'ready',
      missing: [],
      marker: null,
      links: [],
      contract: CONTRACT,
    });
  });

  it('with an erid: the text to paste, the links with ?erid=, and published once the post link is set', async () => {
    const marked = await call(owner, 'PUT', `/api/sale/${contactSale}/marking`, {
      registeredBy: 'us',
      erid: ERID,
      advertiser: ADVERTISER,
      contract: CONTRACT,
      creative: CREATIVE,
    });
    expect(marked.json()).toMatchObject({
      state: 'erid_received',
      marker: `Реклама. ООО «Ромашка», ИНН 7707083893. erid: ${ERID}`,
      links: [`https://romashka.ru/buy?utm=tg&erid=${ERID}`],
    });
    const deal = (await call(owner, 'GET', `/api/sale/${contactSale}`)).json();
    await call(owner, 'PATCH', `/api/sale/${contactSale}`, {
      postLink: 'https://t.me/finance/5',
      version: deal.version,
    });
    expect((await call(owner, 'GET', `/api/sale/${contactSale}/marking`)).json().state).toBe('published');
  });

  it("remembers a sale's advertiser for the contact's next deal; a purchase's advertiser is the team", async () => {
    const next = await sale('Ромашка, маркетинг');
    expect((await call(owner, 'GET', `/api/sale/${next}/marking`)).json().advertiser).toEqual(ADVERTISER);
    const other = await sale('Другой клиент');
    expect((await call(owner, 'GET', `/api/sale/${other}/marking`)).json().advertiser).toEqual({
      type: null,
      name: null,
      inn: null,
    });
    const purchase = await call(owner, 'POST', '/api/purchase', {
      accommodationCondition: { accommodationTime: '2026-11-21T12:00:00+03:00' },
      advertisementFormatId: 1,
      channelId,
      price: 3000,
      purchaseDate: '2026-11-20',
    });
    const id = purchase.json().id as number;
    expect((await call(owner, 'GET', `/api/purchase/${id}/marking`)).json().advertiser).toEqual({
      type: 'ip',
      name: 'ИП Канальев',
      inn: '500100732259',
    });
  });

  it('takes «не требуется» with a reason and «контрагент» with their erid', async () => {
    const id = await sale('Без маркировки');
    const none = await call(owner, 'PUT', `/api/sale/${id}/marking`, { registeredBy: 'not_required' });
    expect(none.json()).toMatchObject({ state: 'no_data', missing: ['Причина, почему маркировка не нужна'] });
    const reasoned = await call(owner, 'PUT', `/api/sale/${id}/marking`, {
      registeredBy: 'not_required',
      reason: 'Социальная реклама по заявке фонда',
    });
    expect(reasoned.json()).toMatchObject({ state: 'not_required', missing: [] });
    const theirs = await call(owner, 'PUT', `/api/sale/${id}/marking`, {
      registeredBy: 'counterpart',
      advertiser: { name: 'ООО «Ромашка»', inn: '7707083893' },
    });
    expect(theirs.json()).toMatchObject({ state: 'no_data', missing: ['erid от контрагента'] });
  });

  it('refuses bad input with 400 in Russian and writes nothing', async () => {
    const before = (await call(owner, 'GET', `/api/sale/${contactSale}/marking`)).json();
    const cases: [object, string, string][] = [
      [{ registeredBy: 'them' }, 'registeredBy', 'Кто регистрирует: мы, контрагент или не требуется'],
      [
        { registeredBy: 'us', erid: 'erid с пробелом' },
        'erid',
        'erid: латинские буквы и цифры, как его выдал ОРД',
      ],
      [
        { registeredBy: 'us', advertiser: { type: 'juridical', inn: '7707083894' } },
        'advertiser.inn',
        'ИНН: неверная контрольная сумма',
      ],
      [{ registeredBy: 'us', contract: { type: 'loan' } }, 'contract.type', 'Выберите тип договора'],
      [{ registeredBy: 'us', creative: { kktu: 'цветы' } }, 'creative.kktu', 'ККТУ: код вида 30.10.1'],
      [
        { registeredBy: 'us', creative: { urls: ['javascript:alert(1)'] } },
        'creative.urls.0',
        'Нужна ссылка, начинающаяся с http:// или https://',
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call(owner, 'PUT', `/api/sale/${contactSale}/marking`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().fieldErrors[field], JSON.stringify(answer.json().fieldErrors)).toEqual([message]);
    }
    expect((await call(owner, 'GET', `/api/sale/${contactSale}/marking`)).json()).toEqual(before);
  });

  it('is read by whoever sees the deal, written by whoever may change it, and 404 for another team', async () => {
    // The sales manager sees the team's sales on their channel but changes only their own.
    expect((await call(viewer, 'GET', `/api/sale/${contactSale}/marking`)).statusCode).toBe(200);
    const refused = await call(viewer, 'PUT', `/api/sale/${contactSale}/marking`, { registeredBy: 'us' });
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      'Маркировку заполняет тот, кто может менять сделку',
    ]);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { registeredBy: 'us' }],
    ] as const) {
      expect((await call(stranger, method, `/api/sale/${contactSale}/marking`, body)).statusCode).toBe(404);
    }
    expect((await call(owner, 'GET', '/api/purchase/999999999/marking')).statusCode).toBe(404);
  });
});
