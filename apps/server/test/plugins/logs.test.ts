import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sameOrigin, signInDemo } from '../helpers/test-app.js';
import { signInWith } from '../helpers/users.js';

const CARD_GROUPS = ['4276', '9183', '5527', '0461'];
const CARD = CARD_GROUPS.join(' ');

type LogLine = { time?: number; pid?: number; responseTime?: number };

/**
 * The card's groups found in the log, outside the numbers every line carries: a time such as 1795540918342 may hold
 * any four digits.
 */
const leakedGroups = (lines: string[]) => {
  const text = lines
    .map((line) => {
      const { time: _time, pid: _pid, responseTime: _responseTime, ...rest } = JSON.parse(line) as LogLine;
      return JSON.stringify(rest);
    })
    .join('\n');
  return CARD_GROUPS.filter((group) => text.includes(group));
};

describe('logs', () => {
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    app = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => app.close());

  it('keep a card number out of every line, even when the database fails quoting it', async () => {
    const { cookie } = await signInDemo(app, 'logs');
    const me = (await app.inject({ url: '/api/employee', headers: { cookie } })).json() as { id: number };
    // The worst database failure: one whose own message quotes the value it failed on.
    await app.db.execute(sql`
      create function refuse_requisites() returns trigger language plpgsql as $$
      begin raise exception 'refused credentials %', new.credentials; end $$`);
    await app.db.execute(sql`
      create trigger refuse_requisites before insert on payment_methods
      for each row execute function refuse_requisites()`);
    lines.length = 0;

    const response = await app.inject({
      method: 'POST',
      url: '/api/paymentMethod',
      headers: { cookie, ...sameOrigin },
      payload: { employeeId: me.id, paymentMethodTypeId: 1, credentials: CARD, description: 'Зарплатная' },
    });

    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(CARD_GROUPS[0]);
    const log = lines.join('');
    // The failure is logged, with what an operator needs to find it: the SQLSTATE and the query without values.
    expect(log).toContain('unhandled error');
    expect(log).toContain('P0001');
    expect(log).toContain('insert into \\"payment_methods\\"');
    expect(lines.length).toBeGreaterThan(2);
    expect(leakedGroups(lines)).toEqual([]);
  });

  it('keep a malformed body out of the log', async () => {
    lines.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...sameOrigin, 'content-type': 'application/json' },
      payload: `{"credentials": "${CARD}"`,
    });
    expect(response.statusCode).toBe(400);
    expect(lines.length).toBeGreaterThan(0);
    expect(leakedGroups(lines)).toEqual([]);
  });

  it("keep an invitation's token out of every line: its link, its page's call and the sign-in that accepts it", async () => {
    // Not a demo team: the test above left payment_methods refusing every row, and demo teams get requisites.
    const owner = (await signInWith(app, 'logs-invite')).headers;
    const person = await app.inject({
      method: 'POST',
      url: '/api/employee',
      headers: { ...owner, ...sameOrigin },
      payload: { firstName: 'Токен' },
    });
    const invited = await app.inject({
      method: 'POST',
      url: `/api/employee/${person.json().id}/invite`,
      headers: { ...owner, ...sameOrigin },
    });
    const token = new URL(invited.json().url).pathname.split('/')[2] ?? '';
    expect(token).toHaveLength(43);
    await app.inject({ url: `/invite/${token}` });
    await app.inject({ url: `/api/invite/${token}` });
    await app.inject({ url: `/api/auth/login?authBy=demo&as=logs-guest&invite=${token}` });
    expect(lines.some((line) => line.includes('/invite/[скрыто]'))).toBe(true);
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
  });
});
