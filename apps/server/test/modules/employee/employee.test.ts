import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemo } from '../../helpers/test-app.js';

describe('employees', () => {
  let app: FastifyInstance;
  let mine: { cookie: string; id: number };
  let theirs: { cookie: string; id: number };

  beforeAll(async () => {
    app = await createTestApp();
    const signIn = async (key: string) => {
      const { cookie } = await signInDemo(app, key);
      return {
        cookie,
        id: (await app.inject({ url: '/api/employee', headers: { cookie } })).json().id as number,
      };
    };
    mine = await signIn('mine');
    theirs = await signIn('theirs');
  });
  afterAll(() => app.close());

  it('pages through a master’s employees by cursor with the total', async () => {
    const first = await app.inject({ url: `/api/employee/${mine.id}/subordinates?limit=2`, headers: mine });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items).toHaveLength(2);
    expect(page1.nextCursor).toEqual(expect.any(String));
    expect(page1.items[0]).toMatchObject({ firstName: 'Мария', employeeId: page1.items[0].id });
    const page2 = (
      await app.inject({
        url: `/api/employee/${mine.id}/subordinates?limit=2&cursor=${page1.nextCursor}`,
        headers: mine,
      })
    ).json();
    expect(page2.total).toBe(page1.total);
    const all = [...page1.items, ...page2.items].map((e: { id: number }) => e.id);
    expect(new Set(all).size).toBe(page1.total);
    expect(page2.nextCursor).toBeNull();
  });

  it('answers 404 for another team’s employee, exactly as for a missing one', async () => {
    const foreign = await app.inject({ url: `/api/employee/${theirs.id}/subordinates`, headers: mine });
    const missing = await app.inject({ url: '/api/employee/999999/subordinates', headers: mine });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });

  it('refuses bad ids, limits and cursors with a Russian 400', async () => {
    for (const url of [
      `/api/employee/abc/subordinates`,
      `/api/employee/-1/subordinates`,
      `/api/employee/${mine.id}/subordinates?limit=0`,
      `/api/employee/${mine.id}/subordinates?limit=1000`,
      `/api/employee/${mine.id}/subordinates?cursor=not-a-cursor`,
    ]) {
      const response = await app.inject({ url, headers: mine });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(response.json().message).toMatch(/[а-яА-Я]/);
    }
  });
});
