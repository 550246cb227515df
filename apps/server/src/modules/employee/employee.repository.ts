import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { employees, teams } from '../../db/schema/index.js';
import type { Profile } from '../auth/auth.service.js';

const summary = {
  id: employees.id,
  firstName: employees.firstName,
  secondName: employees.secondName,
  iconLink: employees.iconLink,
};

/** A new team with its master (an employee without a manager). */
export async function createMaster(db: Db, profile: Profile) {
  const [team] = await db.insert(teams).values({}).returning({ id: teams.id });
  if (!team) throw new Error('team insert returned nothing');
  const [master] = await db
    .insert(employees)
    .values({ teamId: team.id, ...profile })
    .returning({ id: employees.id });
  if (!master) throw new Error('employee insert returned nothing');
  return { teamId: team.id, employeeId: master.id };
}

export async function findEmployee(db: Db, teamId: number, id: number) {
  const [row] = await db
    .select({ ...summary, version: employees.version })
    .from(employees)
    .where(and(eq(employees.teamId, teamId), eq(employees.id, id)));
  return row;
}

export async function findMaster(db: Db, teamId: number) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.teamId, teamId), isNull(employees.managerId)));
  return row;
}

/** Writes the names only if the row still has the version the client read; undefined when it has not. */
export async function updateNames(
  db: Db,
  teamId: number,
  id: number,
  names: { firstName: string; secondName: string },
  version: number,
) {
  const [row] = await db
    .update(employees)
    .set({ ...names, version: sql`${employees.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(employees.teamId, teamId), eq(employees.id, id), eq(employees.version, version)))
    .returning({ ...summary, version: employees.version });
  return row;
}

export async function listSubordinates(
  db: Db,
  teamId: number,
  managerId: number,
  page: { limit: number; afterId: number | undefined },
) {
  const scope = and(eq(employees.teamId, teamId), eq(employees.managerId, managerId));
  const [rows, [total]] = await Promise.all([
    db
      .select(summary)
      .from(employees)
      .where(page.afterId === undefined ? scope : and(scope, gt(employees.id, page.afterId)))
      .orderBy(asc(employees.id))
      .limit(page.limit + 1),
    db.select({ value: count() }).from(employees).where(scope),
  ]);
  return { rows, total: total?.value ?? 0 };
}
