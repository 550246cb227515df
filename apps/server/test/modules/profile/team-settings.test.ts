import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, teams } from '../../../src/db/schema/index.js';
import { createTestApp, sameOrigin } from '../../helpers/test-app.js';
import { sessionAs, signInWith } from '../../helpers/users.js';

type Headers = { headers: { cookie: string } };

// The team's settings in GET/PATCH /api/settings: the minimum gap between two sales on one channel (0..1440 minutes,
// default 60), which only the master changes, like the team's zone (decisions D5).
describe('the team’s minimum gap between sales', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const settings = async (user: Headers) =>
    (await app.inject({ url: '/api/settings', headers: user.headers })).json();
  const patchSettings = (user: Headers, payload: object) =>
    app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { ...user.headers, ...sameOrigin },
      payload,
    });

  /** A master and an employee under them, each with a session. */
  async function team(key: string) {
    const master = await signInWith(app, key);
    const [row] = await app.db
      .insert(employees)
      .values({ teamId: master.member.teamId, firstName: 'Мария', managerId: master.member.employeeId })
      .returning({ id: employees.id });
    const { cookie } = await sessionAs(app, master.member.teamId, row?.id ?? 0);
    return { master, employee: { headers: { cookie } } };
  }

  it('is 60 minutes for a new team, and says who may change it', async () => {
    const { master, employee } = await team('gap-default');
    expect(await settings(master)).toMatchObject({ minGapMinutes: 60, isMaster: true });
    expect(await settings(employee)).toMatchObject({ minGapMinutes: 60, isMaster: false });
  });

  it('the master changes it, to 0 and to a whole day, and the employee sees it', async () => {
    const { master, employee } = await team('gap-change');
    for (const minGapMinutes of [0, 1440, 90]) {
      const saved = await patchSettings(master, { minGapMinutes });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ minGapMinutes, timeZone: 'Europe/Moscow', isMaster: true });
    }
    expect(await settings(employee)).toMatchObject({ minGapMinutes: 90 });
    // With the zone and a switch in one call.
    const both = await patchSettings(master, {
      minGapMinutes: 30,
      timeZone: 'Asia/Omsk',
      notifyPosting: false,
    });
    expect(both.json()).toMatchObject({ minGapMinutes: 30, timeZone: 'Asia/Omsk', notifyPosting: false });
  });

  it('refuses what is not a whole number of minutes from 0 to 1440 with 400 and a Russian field error', async () => {
    const { master } = await team('gap-invalid');
    for (const minGapMinutes of [-1, 1441, 1.5, '60', true, 1e9]) {
      const response = await patchSettings(master, { minGapMinutes });
      expect(response.statusCode, String(minGapMinutes)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fieldErrors: { minGapMinutes: ['Целое число минут от 0 до 1440'] },
      });
    }
    // An invalid gap saves nothing else of the call either.
    await patchSettings(master, { minGapMinutes: -5, notifyPosting: false });
    expect(await settings(master)).toMatchObject({ minGapMinutes: 60, notifyPosting: true });
    // null means absent, as for every PATCH: nothing left to save.
    expect((await patchSettings(master, { minGapMinutes: null })).statusCode).toBe(400);
  });

  it('an employee gets 403 in Russian and changes nothing, neither the gap nor their switch sent with it', async () => {
    const { master, employee } = await team('gap-employee');
    const refused = await patchSettings(employee, { minGapMinutes: 15, notifyPosting: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Минимальный интервал между продажами может изменить только владелец команды',
    });
    expect(await settings(employee)).toMatchObject({ minGapMinutes: 60, notifyPosting: true });
    expect(await settings(master)).toMatchObject({ minGapMinutes: 60 });
    // Their own switches stay theirs to change.
    expect((await patchSettings(employee, { notifyPosting: false })).json()).toMatchObject({
      notifyPosting: false,
      isMaster: false,
    });
  });

  it('belongs to one team: a change leaves every other team’s gap alone', async () => {
    const first = await team('gap-tenant-a');
    const second = await team('gap-tenant-b');
    await patchSettings(first.master, { minGapMinutes: 5 });
    expect(await settings(second.master)).toMatchObject({ minGapMinutes: 60 });
    expect(await settings(second.employee)).toMatchObject({ minGapMinutes: 60 });
    const [row] = await app.db
      .select({ minGapMinutes: teams.minGapMinutes })
      .from(teams)
      .where(eq(teams.id, first.master.member.teamId));
    expect(row?.minGapMinutes).toBe(5);
  });
});
