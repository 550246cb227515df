import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, sessions } from '../../src/db/schema/index.js';
import { sweepExpired } from '../../src/db/sweeper.js';
import { createTestApp, sameOrigin, signInDemo } from '../helpers/test-app.js';

describe('the sweeper', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('deletes expired sessions and day-old idempotency keys, and nothing that still counts', async () => {
    const live = await signInDemo(app, 'sweep-live');
    const expired = await signInDemo(app, 'sweep-expired');
    const me = (await app.inject({ url: '/api/employee', headers: live })).json() as { id: number };
    const addRequisites = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/api/paymentMethod',
        headers: { ...live, ...sameOrigin, 'idempotency-key': key },
        payload: { employeeId: me.id, paymentMethodTypeId: 2, credentials: `+7 900 000-00-0${key.length}` },
      });
    expect((await addRequisites('fresh')).statusCode).toBe(201);
    expect((await addRequisites('old-key')).statusCode).toBe(201);
    await app.db.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours'
      where key like '%old-key'`);
    const before = (await app.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;
    // The expired team's session ended an hour ago.
    await app.db.execute(sql`update sessions set expires_at = now() - interval '1 hour'
      where team_id = (select team_id from sessions order by created_at desc limit 1)`);

    // Two import drafts: one left yesterday, one being mapped now.
    const draft = () =>
      app.inject({
        method: 'POST',
        url: '/api/import?kind=sale',
        headers: { ...live, ...sameOrigin, 'content-type': 'text/csv' },
        payload: 'Дата;Канал;Цена\n01.03.2025;Бизнес и деньги;1000\n',
      });
    const left = (await draft()).json().id as number;
    const working = (await draft()).json().id as number;
    await app.db.execute(
      sql`update deal_imports set created_at = now() - interval '25 hours' where id = ${left}`,
    );

    const swept = await sweepExpired(app.db);

    expect(swept).toEqual({ sessions: 1, idempotencyKeys: 1, deals: 0, importDrafts: 1, channelPosts: 0 });
    expect((await app.inject({ url: `/api/import/${working}`, headers: live })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/import/${left}`, headers: live })).statusCode).toBe(404);
    expect((await app.db.select({ n: count() }).from(sessions))[0]?.n).toBe(before - 1);
    expect(
      (await app.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((k) => k.key),
    ).toEqual([expect.stringContaining('fresh')]);
    expect((await app.inject({ url: '/api/employee', headers: live })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/employee', headers: expired })).statusCode).toBe(401);
    expect(await sweepExpired(app.db)).toEqual({
      sessions: 0,
      idempotencyKeys: 0,
      deals: 0,
      importDrafts: 0,
      channelPosts: 0,
    });
  });
});
