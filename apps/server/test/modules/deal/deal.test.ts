import { type DealKind, dealVocabulary } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

type Headers = { cookie: string };

describe.each(['sale', 'purchase'] as const)('%s ledger', (kind: DealKind) => {
  const f = { path: dealVocabulary[kind].path, ...dealVocabulary[kind].names };
  const base = `/api/${f.path}`;
  let app: FastifyInstance;
  let mine: Headers;
  let theirs: Headers;
  let channelId: number;
  let otherChannelId: number;
  let theirChannelId: number;
  let employeeId: number;
  let statusIds: number[];

  const get = (headers: Headers, url: string) => app.inject({ url, headers });
  const send = (method: 'POST' | 'PATCH', headers: Headers, url: string, payload: object) =>
    app.inject({ method, url, headers: { ...headers, ...sameOrigin }, payload });

  /** A valid create payload in this kind's names (spec §3), with overrides. */
  const payload = (overrides: Record<string, unknown> = {}) => ({
    accommodationCondition: {
      accommodationTime: '2026-05-20T15:30:00+03:00',
      duration: 0,
      durationType: 'INFINITY',
      hoursInTop: 2,
    },
    advertisementFormatId: 1,
    ...(kind === 'sale' ? { advertisementTypeId: 2, statusId: statusIds[1] } : {}),
    channelId,
    contactPerson: { name: 'Олег Рекламов', profileLink: 'https://t.me/oleg_reklama' },
    [f.external]: { name: 'Большой канал', channelLink: '@big_channel_ru' },
    price: 12500.5,
    [f.date]: '2026-05-18',
    [f.employeeId]: employeeId,
    ...overrides,
  });

  /** Creates a deal of this kind with the given placement terms; answers it as the API shows it. */
  const createPlaced = async (accommodationCondition: Record<string, unknown>) =>
    (await send('POST', mine, base, payload({ accommodationCondition }))).json();

  beforeAll(async () => {
    app = await createTestApp();
    mine = await signInDemo(app, `${kind}-mine`);
    theirs = await signInDemo(app, `${kind}-theirs`);
    const channels = (await get(mine, '/api/channel?limit=2')).json().items;
    channelId = channels[0].id;
    otherChannelId = channels[1].id;
    theirChannelId = (await get(theirs, '/api/channel?limit=1')).json().items[0].id;
    employeeId = (await get(mine, '/api/employee/all?limit=2')).json().items[1].id;
    statusIds = (await get(mine, `${base}/statuses`)).json().map((s: { id: number }) => s.id);
  });
  afterAll(() => app.close());

  it('serves its statuses and formats (decisions D3)', async () => {
    const statuses = (await get(mine, `${base}/statuses`)).json().map((s: { name: string }) => s.name);
    expect(statuses).toEqual(
      kind === 'sale'
        ? ['Новая', 'Согласована', 'Ожидает оплаты', 'Оплачена', 'Опубликована', 'Завершена', 'Отменена']
        : ['Новая', 'Согласована', 'Оплачена', 'Опубликована', 'Завершена', 'Отменена'],
    );
    expect((await get(mine, `${base}/advertisementFormats`)).json()).toHaveLength(5);
    if (kind === 'sale') {
      expect(
        (await get(mine, `${base}/advertisementTypes`)).json().map((t: { name: string }) => t.name),
      ).toEqual(['Прямая реклама', 'Нативная реклама', 'Взаимопиар', 'Розыгрыш']);
    }
  });

  it('creates a deal and returns it in the shape of spec §3', async () => {
    const response = await send('POST', mine, base, payload());
    expect(response.statusCode).toBe(201);
    const deal = response.json();
    expect(deal).toMatchObject({
      price: 12500.5,
      [f.date]: '2026-05-18',
      statusId: kind === 'sale' ? statusIds[1] : statusIds[0],
      status: { name: kind === 'sale' ? 'Согласована' : 'Новая' },
      accommodationCondition: {
        accommodationTime: '2026-05-20T12:30:00.000Z',
        duration: null,
        durationType: 'INFINITY',
        hoursInTop: 2,
      },
      advertisementFormat: { id: 1, name: 'Пост' },
      channelInfo: { id: channelId },
      contactPerson: { name: 'Олег Рекламов', profileLink: 'https://t.me/oleg_reklama' },
      [f.external]: { name: 'Большой канал', channelLink: 'https://t.me/big_channel_ru' },
      [f.employee]: { id: employeeId, firstName: 'Мария' },
      version: 1,
    });
    if (kind === 'sale') expect(deal.advertisementType).toEqual({ id: 2, name: 'Нативная реклама' });
    else expect(deal).not.toHaveProperty('advertisementType');
    expect((await get(mine, `${base}/${deal.id}`)).json()).toEqual(deal);
  });

  it('keeps one record per counterpart, however it is entered again', async () => {
    const a = (await send('POST', mine, base, payload())).json();
    const b = (
      await send(
        'POST',
        mine,
        base,
        payload({ [f.external]: { name: '', channelLink: 'https://t.me/BIG_CHANNEL_RU' } }),
      )
    ).json();
    expect(b[f.external].id).toBe(a[f.external].id);
    expect(b[f.external].name).toBe('Большой канал');
    const byId = (
      await send('POST', mine, base, payload({ contactPerson: { id: a.contactPerson.id } }))
    ).json();
    expect(byId.contactPerson.id).toBe(a.contactPerson.id);
    const listed = (await get(mine, `${base}/externalChannels?q=большой`)).json();
    expect(listed.items.filter((c: { name: string }) => c.name === 'Большой канал')).toHaveLength(1);
  });

  it('stores no duration for «Без удаления» and the given one otherwise', async () => {
    const days = await createPlaced({
      accommodationTime: '2026-05-20T10:00:00Z',
      duration: 3,
      durationType: 'DAYS',
    });
    expect(days.accommodationCondition).toMatchObject({ duration: 3, durationType: 'DAYS', hoursInTop: 0 });
    const forever = await createPlaced({
      accommodationTime: '2026-05-20T10:00:00Z',
      duration: 5,
      durationType: 'INFINITY',
    });
    expect(forever.accommodationCondition.duration).toBeNull();
  });

  it('lists newest deal date first, id breaking ties, and pages by cursor without gaps or repeats', async () => {
    for (const day of ['2026-01-10', '2026-01-12', '2026-01-12', '2026-01-11']) {
      await send('POST', mine, base, payload({ [f.date]: day, channelId: otherChannelId }));
    }
    const seen: { id: number; date: string }[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `${base}/filter?channelId=${otherChannelId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { items: Record<string, unknown>[]; nextCursor: string | null } = (
        await get(mine, url)
      ).json();
      seen.push(
        ...page.items.map((d: Record<string, unknown>) => ({
          id: d.id as number,
          date: d[f.date] as string,
        })),
      );
      cursor = page.nextCursor;
    } while (cursor);
    const sorted = [...seen].sort((a, b) => (a.date === b.date ? b.id - a.id : b.date.localeCompare(a.date)));
    expect(seen).toEqual(sorted);
    expect(new Set(seen.map((d) => d.id)).size).toBe(seen.length);
    expect(seen.map((d) => d.date).slice(-4)).toEqual([
      '2026-01-12',
      '2026-01-12',
      '2026-01-11',
      '2026-01-10',
    ]);
  });

  it('filters by every parameter of the screens', async () => {
    const marker = (
      await send(
        'POST',
        mine,
        base,
        payload({ price: 777.77, [f.date]: '2025-12-31', channelId: otherChannelId }),
      )
    ).json();
    const ids = async (query: string) =>
      (await get(mine, `${base}/filter?limit=200&${query}`))
        .json()
        .items.map((d: { id: number }) => d.id) as number[];
    expect(await ids(`statusId=${marker.statusId}`)).toContain(marker.id);
    expect(await ids(`statusId=${statusIds.filter((s) => s !== marker.statusId).join(',')}`)).not.toContain(
      marker.id,
    );
    expect(await ids(`channelId=${otherChannelId}`)).toContain(marker.id);
    expect(await ids(`channelId=${channelId}`)).not.toContain(marker.id);
    expect(await ids(`externalChannelId=${marker[f.external].id}`)).toContain(marker.id);
    expect(await ids(`${f.by}=${employeeId}`)).toContain(marker.id);
    expect(await ids(`priceCondition=${encodeURIComponent('=bt=(777,778)')}`)).toEqual([marker.id]);
    expect(await ids(`priceCondition=${encodeURIComponent('==777.77')}`)).toEqual([marker.id]);
    expect(await ids(`priceCondition=${encodeURIComponent('=lt=777.77')}`)).not.toContain(marker.id);
    expect(await ids(`${f.dateCondition}=${encodeURIComponent('=bt=(2025-12-31,2025-12-31)')}`)).toEqual([
      marker.id,
    ]);
    expect(await ids(`${f.dateCondition}=${encodeURIComponent('=le=2025-12-31')}`)).toContain(marker.id);
    expect(await ids(`${f.dateCondition}=${encodeURIComponent('=gt=2025-12-31')}`)).not.toContain(marker.id);
    if (kind === 'sale') expect(await ids('advertisementTypeId=2')).toContain(marker.id);
    // Blank, whitespace and 'all' values mean no filter (spec §5).
    const all = await ids('');
    expect(await ids('statusId=&channelId=%20&soldBy=all&purchasedBy=all&priceCondition=')).toEqual(all);
  });

  it('refuses malformed filters with a Russian 400 naming the parameter', async () => {
    for (const query of [
      'priceCondition=abc',
      'priceCondition=%3Dbt%3D(5)',
      `${f.dateCondition}=%3Dge%3D2025-02-30`,
      'statusId=one',
      'channelId=1,-2',
      'limit=500',
      'cursor=garbage',
    ]) {
      const response = await get(mine, `${base}/filter?${query}`);
      expect(response.statusCode, query).toBe(400);
      const field = query.split('=')[0] as string;
      expect(Object.keys(response.json().fieldErrors ?? {}), query).toContain(field);
      expect(response.json().message, query).toMatch(/[а-яё]/i);
    }
  });

  it('lists an employee’s deals', async () => {
    const page = (await get(mine, `${base}?employeeId=${employeeId}&limit=200`)).json();
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((d: Record<string, { id: number }>) => d[f.employee]?.id === employeeId)).toBe(
      true,
    );
  });

  it('changes a deal partially and refuses a stale version with 409, losing nothing', async () => {
    const created = (await send('POST', mine, base, payload())).json();
    const newStatus = statusIds[3] as number;
    const changed = await send('PATCH', mine, `${base}/${created.id}`, {
      statusId: newStatus,
      version: created.version,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      statusId: newStatus,
      price: 12500.5,
      version: created.version + 1,
    });
    const priced = await send('PATCH', mine, `${base}/${created.id}`, {
      price: 9999,
      version: created.version + 1,
    });
    expect(priced.json()).toMatchObject({ price: 9999, statusId: newStatus, version: created.version + 2 });
    const stale = await send('PATCH', mine, `${base}/${created.id}`, { price: 1, version: created.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await get(mine, `${base}/${created.id}`)).json()).toMatchObject({
      price: 9999,
      statusId: newStatus,
    });
    const cleared = await send('PATCH', mine, `${base}/${created.id}`, {
      contactPerson: null,
      version: created.version + 2,
    });
    expect(cleared.json().contactPerson).toBeNull();
  });

  it('changes only the part of the placement a PATCH names', async () => {
    const created = await createPlaced({
      accommodationTime: '2026-05-20T15:30:00+03:00',
      duration: 3,
      durationType: 'DAYS',
      hoursInTop: 1,
    });
    const topOnly = await send('PATCH', mine, `${base}/${created.id}`, {
      accommodationCondition: { hoursInTop: 3 },
      version: created.version,
    });
    expect(topOnly.statusCode).toBe(200);
    expect(topOnly.json().accommodationCondition).toEqual({
      ...created.accommodationCondition,
      hoursInTop: 3,
    });
    const moved = await send('PATCH', mine, `${base}/${created.id}`, {
      accommodationCondition: { accommodationTime: '2026-05-21T10:00:00+03:00' },
      version: created.version + 1,
    });
    expect(moved.json().accommodationCondition).toMatchObject({
      duration: 3,
      durationType: 'DAYS',
      hoursInTop: 3,
    });
    expect(Date.parse(moved.json().accommodationCondition.accommodationTime)).toBe(
      Date.parse('2026-05-21T10:00:00+03:00'),
    );
  });

  it('reads null as not given in optional fields, as the old front end sends it', async () => {
    const created = await send(
      'POST',
      mine,
      base,
      payload({
        contactPerson: {
          name: 'Ирина',
          profileLink: 'irina_ads',
          externalUserId: null,
          id: null,
          iconLink: null,
        },
        [f.external]: {
          name: 'Канал Ирины',
          channelLink: '@irina_channel',
          externalChannelId: null,
          iconLink: null,
        },
        [f.employeeId]: null,
        accommodationCondition: {
          accommodationTime: '2026-05-20T15:30:00+03:00',
          duration: null,
          durationType: null,
          hoursInTop: null,
        },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      contactPerson: { name: 'Ирина', externalUserId: null },
      accommodationCondition: { durationType: 'INFINITY', duration: null, hoursInTop: 0 },
    });
    const nothing = await send('PATCH', mine, `${base}/${created.json().id}`, {
      price: null,
      version: created.json().version,
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toContain('Нечего сохранять');
  });

  it('takes pictures only over https from Telegram’s image hosts, or from its own preview root', async () => {
    const REFUSED = 'Картинка принимается только по ссылке https с серверов Telegram';
    // Each picture with a contact and a channel of its own: a name already saved keeps its first picture.
    const withPicture = (iconLink: string) =>
      payload({
        contactPerson: { name: `Контакт ${iconLink}`, iconLink },
        [f.external]: { name: `Канал ${iconLink}`, iconLink },
      });
    for (const iconLink of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://example.com/a.png']) {
      const response = await send('POST', mine, base, withPicture(iconLink));
      expect(response.statusCode, iconLink).toBe(400);
      expect(response.json().fieldErrors['contactPerson.iconLink'], iconLink).toContain(
        'Нужна ссылка, начинающаяся с http:// или https://',
      );
    }
    const created = await send('POST', mine, base, payload());
    // The rule's cases are the contract's test (packages/contract/test/telegram-image.test.ts); here, that it holds.
    for (const iconLink of ['https://tracker.example/pixel.gif', 'http://cdn4.telesco.pe/file/a.jpg']) {
      const response = await send('POST', mine, base, withPicture(iconLink));
      expect(response.statusCode, iconLink).toBe(400);
      expect(response.json().fieldErrors, iconLink).toEqual({
        'contactPerson.iconLink': [REFUSED],
        [`${f.external}.iconLink`]: [REFUSED],
      });
      const patched = await send('PATCH', mine, `${base}/${created.json().id}`, {
        version: created.json().version,
        contactPerson: { name: 'Другой контакт', iconLink },
      });
      expect(patched.statusCode, iconLink).toBe(400);
      expect(patched.json().fieldErrors, iconLink).toEqual({ 'contactPerson.iconLink': [REFUSED] });
    }
    for (const iconLink of [
      'https://cdn4.cdn-telegram.org/file/abc.jpg',
      'https://t.me/i/userpic/320/oleg.jpg',
    ]) {
      const response = await send('POST', mine, base, withPicture(iconLink));
      expect(response.statusCode, iconLink).toBe(201);
      expect(response.json().contactPerson.iconLink).toBe(iconLink);
      expect(response.json()[f.external].iconLink).toBe(iconLink);
    }
  });

  it('also takes pictures from the preview root it is configured with, as its own lookups do', async () => {
    const local = await createTestApp({ TELEGRAM_PREVIEW_ROOT: 'http://127.0.0.1:9/' });
    try {
      const team = await signInDemo(local, `${kind}-preview-root`);
      const channel = (await local.inject({ url: '/api/channel?limit=1', headers: team })).json().items[0].id;
      const post = (iconLink: string) =>
        local.inject({
          method: 'POST',
          url: base,
          headers: { ...team, ...sameOrigin },
          payload: payload({
            channelId: channel,
            [f.employeeId]: undefined,
            contactPerson: { name: 'К', iconLink },
          }),
        });
      expect((await post('http://127.0.0.1:9/avatar/oleg.svg')).statusCode).toBe(201);
      expect((await post('https://cdn4.telesco.pe/file/a.jpg')).statusCode).toBe(201);
      expect((await post('http://127.0.0.1:10/avatar/oleg.svg')).statusCode).toBe(400);
    } finally {
      await local.close();
    }
  });

  it('validates payloads in Russian and writes nothing', async () => {
    const count = async () => (await get(mine, `${base}/filter?limit=200`)).json().items.length;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ price: -1 }, 'price'],
      [{ price: 1e9 + 1 }, 'price'],
      [{ price: 10.123 }, 'price'],
      [{ price: '100' }, 'price'],
      [{ [f.date]: '2026-02-30' }, f.date],
      [{ channelId: undefined }, 'channelId'],
      [{ advertisementFormatId: 99 }, 'advertisementFormatId'],
      [{ statusId: kind === 'sale' ? 11 : 1 }, 'statusId'],
      [
        { accommodationCondition: { accommodationTime: '2026-05-20 25:00' } },
        'accommodationCondition.accommodationTime',
      ],
      [
        {
          accommodationCondition: {
            accommodationTime: '2026-05-20T10:00:00Z',
            duration: -1,
            durationType: 'DAYS',
          },
        },
        'accommodationCondition.duration',
      ],
      [
        { accommodationCondition: { accommodationTime: '2026-05-20T10:00:00Z', hoursInTop: 1000 } },
        'accommodationCondition.hoursInTop',
      ],
      [{ [f.external]: { channelLink: 'https://t.me/+private' } }, `${f.external}.channelLink`],
    ];
    for (const [overrides, field] of cases) {
      const response = await send('POST', mine, base, payload(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {}), JSON.stringify(overrides)).toContain(field);
    }
    expect(await count()).toBe(before);
    const created = (await send('POST', mine, base, payload())).json();
    const badPatch = await send('PATCH', mine, `${base}/${created.id}`, {
      price: -5,
      version: created.version,
    });
    expect(badPatch.statusCode).toBe(400);
    expect(
      (await send('PATCH', mine, `${base}/${created.id}`, { version: created.version })).statusCode,
    ).toBe(400);
    expect(
      (await send('PATCH', mine, `${base}/${created.id}`, { price: 5 })).json().fieldErrors.version,
    ).toBeDefined();
  });

  it('answers 404 for another team’s ids, like missing ones, and changes nothing', async () => {
    const theirDeal = (await get(theirs, `${base}/filter?limit=1`)).json().items[0];
    const theirEmployee = (await get(theirs, '/api/employee')).json().id;
    const theirCounterpart = theirDeal[f.external].id;
    const cases: [string, string, object?][] = [
      ['GET', `${base}/${theirDeal.id}`],
      ['PATCH', `${base}/${theirDeal.id}`, { price: 1, version: theirDeal.version }],
      ['GET', `${base}?employeeId=${theirEmployee}`],
      ['POST', base, payload({ channelId: theirChannelId })],
      ['POST', base, payload({ [f.employeeId]: theirEmployee })],
      ['POST', base, payload({ [f.external]: { id: theirCounterpart } })],
      ['POST', base, payload({ contactPerson: { id: theirDeal.contactPerson.id } })],
    ];
    for (const [method, url, body] of cases) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: { ...mine, ...sameOrigin },
        ...(body ? { payload: body } : {}),
      });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(404);
    }
    expect((await get(theirs, `${base}/${theirDeal.id}`)).json()).toMatchObject({
      price: theirDeal.price,
      version: theirDeal.version,
    });
    const mineOnly = (await get(mine, `${base}/filter?limit=200`)).json().items;
    expect(mineOnly.some((d: { id: number }) => d.id === theirDeal.id)).toBe(false);
    expect((await get(mine, `${base}/99999999`)).json().message).toBe(
      kind === 'sale' ? 'Продажа не найдена' : 'Закупка не найдена',
    );
  });

  it('keeps the kinds apart: a sale is not a purchase', async () => {
    const other = kind === 'sale' ? '/api/purchase' : '/api/sale';
    const created = (await send('POST', mine, base, payload())).json();
    expect((await get(mine, `${other}/${created.id}`)).statusCode).toBe(404);
  });

  it('needs a session for every call', async () => {
    for (const url of [base, `${base}/filter`, `${base}/statuses`, `${base}/1`, `${base}/externalChannels`]) {
      expect((await app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});
