import { CHANNEL_NOT_FOUND } from '@addesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, deals } from '../src/db/schema/index.js';
import { fromDatabaseError } from '../src/lib/database-errors.js';
import { salePayload } from './helpers/deal-payload.js';
import { callerOf, countRows } from './helpers/team.js';
import { createTestApp, sameOrigin, signInDemo } from './helpers/test-app.js';

/**
 * Requests that meet in the database at the same moment. On PostgreSQL they run concurrently, each on its own
 * connection; PGlite runs one query at a time, so there the same rounds prove the sequential behaviour.
 */
const ROUNDS = 10;
const ARCHIVED_CHANNEL = 'Канал в архиве: восстановите его, чтобы добавлять сделки';

describe('concurrent writes', () => {
  let app: FastifyInstance;
  let headers: { cookie: string };
  let teamId: number;
  let employeeId: number;
  let channelId: number;

  const post = (url: string, payload: object, extra: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, headers: { ...headers, ...sameOrigin, ...extra }, payload });
  const get = (url: string) => app.inject({ url, headers });
  const twins = <T>(make: () => Promise<T>) => Promise.all([make(), make()]);

  beforeAll(async () => {
    app = await createTestApp();
    headers = await signInDemo(app, 'races');
    ({ teamId, employeeId } = await callerOf(app, headers));
    channelId = (await get('/api/channel?limit=1')).json().items[0].id;
  });
  afterAll(() => app.close());

  it.each([
    ['by name', (round: number) => ({ name: `Гонка ${round}` }), (round: number) => `Гонка ${round}`],
    [
      'by link',
      (round: number) => ({ name: `Канал ${round}`, channelLink: `@race_channel_${round}` }),
      (round: number) => `Канал ${round}`,
    ],
  ])(`stores a counterpart entered %s by twin sales once (${ROUNDS} rounds)`, async (_, external, name) => {
    for (let round = 0; round < ROUNDS; round++) {
      const contact = { name: `Контакт ${round} ${external(round).name}` };
      const answers = await twins(() =>
        post(
          '/api/sale',
          salePayload(channelId, { externalChannelInfo: external(round), contactPerson: contact }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      const [a, b] = answers.map((answer) => answer.json());
      expect(b.externalChannelInfo.id).toBe(a.externalChannelInfo.id);
      expect(b.contactPerson.id).toBe(a.contactPerson.id);
      const q = encodeURIComponent(name(round));
      expect((await get(`/api/sale/externalChannels?q=${q}`)).json().items).toHaveLength(1);
      expect(
        (await get(`/api/sale/contacts?q=${encodeURIComponent(contact.name)}`)).json().items,
      ).toHaveLength(1);
    }
  });

  it(`stores the same requisites added by twin requests once (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const body = { employeeId, paymentMethodTypeId: 1, credentials: `2200 0000 0000 ${1000 + round}` };
      const answers = await twins(() => post('/api/paymentMethod', body));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      expect(answers[1].json().id).toBe(answers[0].json().id);
      const stored = (await get(`/api/paymentMethod?employeeId=${employeeId}`)).json();
      expect(stored.filter((m: { credentials: string }) => m.credentials === body.credentials)).toHaveLength(
        1,
      );
    }
  });

  it(`answers every sale written to a channel being archived 201 or 400, never 500 (${ROUNDS} rounds)`, async () => {
    const WRITES = 4;
    for (let round = 0; round < ROUNDS; round++) {
      const [channel] = await app.db
        .insert(channels)
        .values({
          teamId,
          name: `В архив ${round}`,
          telegramNickName: `archived_${round}`,
          ownerEmployeeId: employeeId,
        })
        .returning({ id: channels.id });
      if (!channel) throw new Error('channel insert returned nothing');
      const sale = () => post('/api/sale', salePayload(channel.id));
      // The archiving starts 0-9 ms after the sales, so the rounds sweep the moments of a sale's transaction.
      const remove = new Promise((resolve) => setTimeout(resolve, round)).then(() =>
        app.inject({
          method: 'DELETE',
          url: `/api/channel/${channel.id}`,
          headers: { ...headers, ...sameOrigin },
        }),
      );
      const answers = await Promise.all([
        sale(),
        sale(),
        remove,
        ...Array.from({ length: WRITES - 2 }, sale),
      ]);
      const [archived] = answers.splice(2, 1);
      expect(archived?.statusCode).toBe(204);
      for (const answer of answers) {
        // A sale that saw the channel live before the archive committed stays on it, as one written just before.
        expect([201, 400], answer.body).toContain(answer.statusCode);
        if (answer.statusCode === 400)
          expect(answer.json().fieldErrors).toEqual({ channelId: [ARCHIVED_CHANNEL] });
      }
    }
    const orphans = await app.db.execute(sql`
      select count(*)::int as n from ${deals} d
      where not exists (select 1 from ${channels} c where c.team_id = d.team_id and c.id = d.channel_id)`);
    expect(Number(orphans.rows[0]?.n)).toBe(0);
  });

  it('answers a deal whose channel is gone when it is written 404 CHANNEL_NOT_FOUND, from the constraint', async () => {
    // What a sale meets when the channel is deleted between the service's check and its insert.
    const error = await app.db
      .insert(deals)
      .values({
        teamId,
        kind: 'sale',
        channelId: 999_999_999,
        statusId: 1,
        placementAt: new Date(),
        durationType: 'INFINITY',
        price: '1',
        dealDate: '2026-05-18',
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(fromDatabaseError(error)).toMatchObject({ code: 'NOT_FOUND', message: CHANNEL_NOT_FOUND });
  });

  it(`creates one deal for twin requests with one Idempotency-Key, both answered alike (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const before = await countRows(app, 'deals', teamId);
      const key = { 'idempotency-key': `race-${round}` };
      const answers = await twins(() => post('/api/sale', salePayload(channelId, { price: round }), key));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      expect(answers[1].json()).toEqual(answers[0].json());
      expect(await countRows(app, 'deals', teamId)).toBe(before + 1);
    }
  });
});
