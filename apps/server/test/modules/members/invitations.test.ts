import { invitationErrors } from '@addesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { employees, invitations } from '../../../src/db/schema/index.js';
import { callerOf, countRows } from '../../helpers/team.js';
import { cookieFrom, createTestApp, sameOrigin, signInDemo } from '../../helpers/test-app.js';

// Invitations and membership (docs/decisions/024): a one-time link binds whoever signs in through it to one person of
// a team; one person may belong to several teams and switch between them.

describe('invitations and teams', () => {
  let app: FastifyInstance;
  type Cookie = { cookie: string };
  const get = (who: Cookie | undefined, url: string) => app.inject({ url, headers: who ?? {} });
  const send = (who: Cookie, method: 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { ...who, ...sameOrigin }, ...(payload ? { payload } : {}) });

  /** A new person (no role yet) in the owner's team; answers their id. */
  const person = async (owner: Cookie, firstName: string) => {
    const created = await send(owner, 'POST', '/api/employee', { firstName, secondName: 'Приглашённый' });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as number;
  };
  const invite = async (owner: Cookie, id: number) => {
    const response = await send(owner, 'POST', `/api/employee/${id}/invite`);
    expect(response.statusCode, response.body).toBe(201);
    const { url, expiresAt } = response.json() as { url: string; expiresAt: string };
    return { url, expiresAt, token: url.split('/invite/')[1] ?? '' };
  };
  /** Accepts through the demo sign-in as demo key `key`; answers where it went and the session, if any. */
  const accept = async (key: string, token: string) => {
    const response = await app.inject({ url: `/api/auth/login?authBy=demo&as=${key}&invite=${token}` });
    const session = cookieFrom(response.headers['set-cookie'], 'addesk_session');
    return {
      location: response.headers.location,
      who: session ? { cookie: `addesk_session=${session}` } : undefined,
    };
  };

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => app.close());

  it('binds the person who signs in through the link to the invited employee, once', async () => {
    const owner = await signInDemo(app, 'inv-owner');
    const id = await person(owner, 'Мария');
    const before = (await get(owner, `/api/employee/${id}/membership`)).json();
    expect(before).toEqual({ joinedAt: null, invitationExpiresAt: null });

    const { url, token, expiresAt } = await invite(owner, id);
    expect(url).toMatch(/^http:\/\/localhost:3000\/invite\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // Only the token's hash is kept.
    const stored = await app.db.select({ hash: invitations.tokenHash }).from(invitations);
    expect(stored.map((row) => row.hash)).not.toContain(token);

    // The link itself opens the sign-in screen with the invitation.
    const link = await get(undefined, new URL(url).pathname);
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe(`/auth?invite=${token}`);
    const preview = await get(undefined, `/api/invite/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      teamName: 'Команда Алексей Смирнов',
      employeeName: 'Мария Приглашённый',
      invitedBy: 'Алексей Смирнов',
      expiresAt,
    });

    const { location, who } = await accept('inv-maria', token);
    expect(location).toBe('/dashboard');
    if (!who) throw new Error('no session');
    const me = (await get(who, '/api/employee')).json();
    expect(me).toMatchObject({
      id,
      firstName: 'Мария',
      isOwner: false,
      team: { name: 'Команда Алексей Смирнов', count: 1 },
    });
    expect(me.permissions).toMatchObject({ finance: false, owner: false, people: false });
    // A new person who came by invitation gets no team of their own.
    expect((await get(who, '/api/teams')).json()).toHaveLength(1);
    const after = (await get(owner, `/api/employee/${id}/membership`)).json();
    expect(after.joinedAt).not.toBeNull();
    expect(after.invitationExpiresAt).toBeNull();
    // Signing in again, without the link, opens the same team as the same person.
    const again = await signInDemo(app, 'inv-maria');
    expect((await get(again, '/api/employee')).json().id).toBe(id);

    // The link is used: it answers why, binds nobody, and creates nothing.
    const reused = await get(undefined, `/api/invite/${token}`);
    expect(reused.statusCode).toBe(404);
    expect(reused.json().message).toBe(invitationErrors.used);
    const second = await accept('inv-someone', token);
    expect(second.location).toBe(`/invite/${token}`);
    expect(second.who).toBeUndefined();
    // Nor can anyone invite a person who already signs in.
    const refused = await send(owner, 'POST', `/api/employee/${id}/invite`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Сотрудник уже вошёл в AdDesk');
  });

  it('a revoked, replaced or expired link, or an unknown one, answers 404 with why, and binds nothing', async () => {
    const owner = await signInDemo(app, 'inv-states');
    const { teamId } = await callerOf(app, owner);
    const id = await person(owner, 'Пётр');
    const first = await invite(owner, id);
    const second = await invite(owner, id);
    expect((await get(undefined, `/api/invite/${first.token}`)).json().message).toBe(
      invitationErrors.revoked,
    );
    expect((await get(owner, `/api/employee/${id}/membership`)).json().invitationExpiresAt).toBe(
      second.expiresAt,
    );

    expect((await send(owner, 'DELETE', `/api/employee/${id}/invite`)).statusCode).toBe(204);
    expect((await get(undefined, `/api/invite/${second.token}`)).json().message).toBe(
      invitationErrors.revoked,
    );
    expect((await accept('inv-pyotr', second.token)).who).toBeUndefined();

    const third = await invite(owner, id);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(third.expiresAt) + 1000 });
    const expired = await get(undefined, `/api/invite/${third.token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(invitationErrors.expired);
    expect((await accept('inv-pyotr', third.token)).who).toBeUndefined();
    vi.useRealTimers();

    const unknown = await get(undefined, `/api/invite/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(invitationErrors.unknown);
    expect((await get(undefined, '/api/invite/bad')).statusCode).toBe(400);

    const [row] = await app.db
      .select({ userId: employees.userId })
      .from(employees)
      .where(eq(employees.id, id));
    expect(row?.userId).toBeNull();
    expect(await countRows(app, 'sessions', teamId)).toBe(1);
  });

  it('another team cannot invite, read or revoke our people; an employee cannot invite at all', async () => {
    const owner = await signInDemo(app, 'inv-tenant');
    const stranger = await signInDemo(app, 'inv-tenant-other');
    const id = await person(owner, 'Ольга');
    expect((await send(stranger, 'POST', `/api/employee/${id}/invite`)).statusCode).toBe(404);
    expect((await send(stranger, 'DELETE', `/api/employee/${id}/invite`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/employee/${id}/membership`)).statusCode).toBe(404);
    const { token } = await invite(owner, id);
    const { who } = await accept('inv-olga', token);
    if (!who) throw new Error('no session');
    const colleague = await person(owner, 'Игорь');
    // A member without a channel to administer may not invite: the rule answers before the record is looked up.
    const refused = await send(who, 'POST', `/api/employee/${colleague}/invite`);
    expect(refused.statusCode).toBe(403);
  });

  it('one person in two teams: the switcher moves the session; leaving one keeps the other', async () => {
    const owner = await signInDemo(app, 'inv-two');
    const id = await person(owner, 'Анна');
    const anna = await signInDemo(app, 'inv-anna');
    const own = await callerOf(app, anna);
    const { token } = await invite(owner, id);
    // Already signed in, she opens the link: the same person joins the second team and works there.
    const { who } = await accept('inv-anna', token);
    if (!who) throw new Error('no session');
    const teams = (await get(who, '/api/teams')).json() as {
      id: number;
      isOwner: boolean;
      current: boolean;
    }[];
    expect(teams).toHaveLength(2);
    const invited = teams.find((t) => !t.isOwner);
    expect(invited?.current).toBe(true);
    expect((await get(who, '/api/employee')).json().id).toBe(id);

    // Joining a team she is already in is refused: the page says why.
    const other = await person(owner, 'Анна-2');
    const twice = await accept('inv-anna', (await invite(owner, other)).token);
    expect(twice.location).toMatch(/^\/invite\//);
    expect((await app.inject({ url: `/api/invite/${(await invite(owner, other)).token}` })).statusCode).toBe(
      200,
    );

    const switched = await send(who, 'POST', '/api/session/team', { teamId: own.teamId });
    expect(switched.statusCode).toBe(204);
    expect((await get(who, '/api/employee')).json().id).toBe(own.employeeId);
    expect((await send(who, 'POST', '/api/session/team', { teamId: 999_999 })).statusCode).toBe(404);
    expect((await send(who, 'POST', '/api/session/team', { teamId: 'x' })).statusCode).toBe(400);
    await send(who, 'POST', '/api/session/team', { teamId: invited?.id });

    // Removed from the invited team: her session there ends, her own team stays hers.
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/employee/${id}`,
          headers: { ...owner, ...sameOrigin },
        })
      ).statusCode,
    ).toBe(204);
    expect((await get(who, '/api/employee')).statusCode).toBe(401);
    const back = await signInDemo(app, 'inv-anna');
    expect((await get(back, '/api/employee')).json().id).toBe(own.employeeId);
    expect((await get(back, '/api/teams')).json()).toHaveLength(1);
  });

  it('an invited person deleting their profile leaves the team; the team and its data stay', async () => {
    const owner = await signInDemo(app, 'inv-leave');
    const { teamId } = await callerOf(app, owner);
    const id = await person(owner, 'Глеб');
    const { who } = await accept('inv-gleb', (await invite(owner, id)).token);
    if (!who) throw new Error('no session');
    const deals = await countRows(app, 'deals', teamId);
    expect((await send(who, 'DELETE', '/api/account')).statusCode).toBe(204);
    expect((await get(owner, '/api/employee')).statusCode).toBe(200);
    expect(await countRows(app, 'deals', teamId)).toBe(deals);
    expect((await get(owner, `/api/employee/${id}`)).statusCode).toBe(404);
    // The same sign-in later is a new person with a team of their own.
    const fresh = await signInDemo(app, 'inv-gleb');
    expect((await get(fresh, '/api/employee')).json().isOwner).toBe(true);
  });

  it('two acceptances of one link at once bind one person', async () => {
    const owner = await signInDemo(app, 'inv-race');
    const id = await person(owner, 'Вера');
    const { token } = await invite(owner, id);
    const results = await Promise.all([accept('inv-race-a', token), accept('inv-race-b', token)]);
    expect(results.filter((r) => r.who).length).toBe(1);
    expect(results.filter((r) => r.location === `/invite/${token}`).length).toBe(1);
  });
});
