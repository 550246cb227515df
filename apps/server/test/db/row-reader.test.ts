import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompiledReader } from '../../src/db/row-reader.js';
import { contacts, deals, employees } from '../../src/db/schema/index.js';
import { callerOf } from '../helpers/team.js';
import { createTestApp, signInDemo } from '../helpers/test-app.js';

// The compiled row reader (db/row-reader.ts) replaces Drizzle's own mapping of the prepared deal queries: it must give
// the very objects Drizzle would, on the cases the lists have (nested objects, dates decoded, a left-joined row that is
// missing, an SQL expression with its own decoder).

describe('compiled row reader', () => {
  let app: FastifyInstance;
  let teamId: number;

  beforeAll(async () => {
    app = await createTestApp();
    const user = await signInDemo(app, 'row-reader');
    ({ teamId } = await callerOf(app, user));
    // Some deals without a contact, so the left join has missing rows.
    await app.db.execute(sql`update deals set contact_id = null where team_id = ${teamId} and id % 3 = 0`);
  });
  afterAll(() => app.close());

  it("maps every row as Drizzle's own mapping does", async () => {
    const query = () =>
      app.db
        .select({
          deal: {
            id: deals.id,
            placementAt: deals.placementAt,
            price: deals.price,
            dealDate: deals.dealDate,
          },
          contact: { id: contacts.id, name: contacts.name },
          employee: { id: employees.id, firstName: employees.firstName },
          double: sql<number>`${deals.price} * 2`.mapWith(Number),
        })
        .from(deals)
        .leftJoin(contacts, and(eq(contacts.teamId, deals.teamId), eq(contacts.id, deals.contactId)))
        .leftJoin(employees, and(eq(employees.teamId, deals.teamId), eq(employees.id, deals.employeeId)))
        .where(eq(deals.teamId, teamId))
        .orderBy(deals.id);
    const expected = await query();
    const compiled = await withCompiledReader(query().prepare('')).execute();
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.some((row) => row.contact === null)).toBe(true);
    expect(expected[0]?.deal.placementAt).toBeInstanceOf(Date);
    expect(compiled).toEqual(expected);
  });
});
