import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemo } from '../../helpers/test-app.js';

describe('channel list', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('shows a team only its own channels, paged by cursor', async () => {
    const a = await signInDemo(app, 'a');
    const b = await signInDemo(app, 'b');
    const first = (await app.inject({ url: '/api/channel?limit=3', headers: a })).json();
    expect(first.items).toHaveLength(3);
    expect(first.items[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      iconLink: null,
      botAdminRights: false,
      description: expect.any(String),
      ownerEmployeeId: expect.any(Number),
      telegramNickName: expect.any(String),
    });
    const rest = (
      await app.inject({ url: `/api/channel?limit=3&cursor=${first.nextCursor}`, headers: a })
    ).json();
    const ids = [...first.items, ...rest.items].map((c: { id: number }) => c.id);
    expect(ids).toHaveLength(first.total);
    const theirs = (await app.inject({ url: '/api/channel?limit=200', headers: b })).json();
    const theirIds = theirs.items.map((c: { id: number }) => c.id);
    expect(ids.some((id: number) => theirIds.includes(id))).toBe(false);
  });

  it('needs a session', async () => {
    expect((await app.inject({ url: '/api/channel' })).statusCode).toBe(401);
  });
});
