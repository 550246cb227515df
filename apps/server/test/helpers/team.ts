import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { employees } from '../../src/db/schema/index.js';

/** The signed-in caller's employee id and team id (the API shows the former only). */
export async function callerOf(app: FastifyInstance, headers: { cookie: string }) {
  const { id } = (await app.inject({ url: '/api/employee', headers })).json() as { id: number };
  const [row] = await app.db.select({ teamId: employees.teamId }).from(employees).where(eq(employees.id, id));
  if (!row) throw new Error(`no employee ${id}`);
  return { employeeId: id, teamId: row.teamId };
}

/** How many rows of `table` the team has: proof that a call created something, or nothing. */
export async function countRows(app: FastifyInstance, table: string, teamId: number) {
  const result = await app.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where team_id = ${teamId}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
