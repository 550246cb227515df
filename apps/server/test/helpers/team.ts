import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { employees } from '../../src/db/schema/index.js';

/** The signed-in caller's employee id and team id (the API shows the former only). */
export async function callerOf(app: FastifyInstance, headers: { cookie: string }) {
  const { id } = (await app.inject({ url: '/api/employee', headers })).json() as { id: number };
  const [row] = await app.db
    .select({ teamId: employees.teamId, userId: employees.userId })
    .from(employees)
    .where(eq(employees.id, id));
  if (!row?.userId) throw new Error(`no employee ${id} anyone signs in as`);
  return { employeeId: id, teamId: row.teamId, userId: row.userId };
}

/** How many rows of `table` the team has: proof that a call created something, or nothing. */
export async function countRows(app: FastifyInstance, table: string, teamId: number) {
  const result = await app.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where team_id = ${teamId}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
