import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  channelEmployees,
  channelRoles,
  channels,
  employees,
  salaryTypes,
  sessions,
  teams,
} from '../../db/schema/index.js';
import { teamRecord } from '../../db/team-record.js';
import { employeeById, employeeDetail, employeeSummary, presentEmployee } from '../team/index.js';

export type NewEmployee = {
  firstName: string;
  secondName: string;
  managerId: number;
  telegramNickName: string | null;
  iconLink: string | null;
};

export async function insertEmployee(db: Db, teamId: number, person: NewEmployee): Promise<number> {
  const [row] = await db
    .insert(employees)
    .values({ teamId, ...person })
    .returning({ id: employees.id });
  if (!row) throw new Error('employee insert returned nothing');
  return row.id;
}

/**
 * Whether `id` is below `managerId` in the team's tree (a subordinate, or a subordinate's, and so on). The walk
 * follows manager_id upwards from `id`, so it reads one row per level, not the manager's whole subtree.
 */
export async function isBelow(db: Db, teamId: number, id: number, managerId: number) {
  const result = await db.execute(sql`
    with recursive chain(id, manager_id) as (
      select ${employees.id}, ${employees.managerId} from ${employees}
       where ${employees.teamId} = ${teamId} and ${employees.id} = ${id}
      union
      select e.id, e.manager_id from ${employees} e join chain c on e.team_id = ${teamId} and e.id = c.manager_id
    )
    select 1 from chain where manager_id = ${managerId} limit 1`);
  return result.rows.length > 0;
}

/**
 * Holds the team's changes to its tree until the transaction ends: two removals at once (a person and their manager)
 * would otherwise both move the same subordinates, one of them under a removed manager. NO KEY UPDATE leaves the
 * rows that reference the team (any insert) unblocked.
 */
export async function lockTeamTree(db: Db, teamId: number) {
  await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('no key update');
}

/**
 * Locks a person still in the team until the transaction ends; false when they are not (or no longer) in it. A
 * removal and a role's assignment both take it before they write anything, so they take turns on the person: an
 * assignment that waited for a removal finds the person gone, one that went first has its role ended by the removal.
 */
export async function lockMember(db: Db, teamId: number, id: number) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(employeeById(teamId, id), presentEmployee))
    .for('update');
  return row !== undefined;
}

/**
 * Takes a person out of the team (decisions 017): the row stays for the deals that name them, their roles on
 * channels and their sessions end, and the people under them move to their manager.
 */
export async function removeFromTeam(db: Db, teamId: number, person: { id: number; managerId: number }) {
  await lockMember(db, teamId, person.id);
  await db
    .update(employees)
    .set({ managerId: person.managerId, updatedAt: sql`now()` })
    .where(and(eq(employees.teamId, teamId), eq(employees.managerId, person.id)));
  await db
    .delete(channelEmployees)
    .where(and(eq(channelEmployees.teamId, teamId), eq(channelEmployees.employeeId, person.id)));
  await db.delete(sessions).where(and(eq(sessions.teamId, teamId), eq(sessions.employeeId, person.id)));
  // The person who signed in as them keeps their other teams, and may be invited here again as someone new.
  const [row] = await db
    .update(employees)
    .set({
      removedAt: sql`now()`,
      userId: null,
      version: sql`${employees.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(employeeById(teamId, person.id), presentEmployee))
    .returning({ id: employees.id });
  return row !== undefined;
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
    .where(and(employeeById(teamId, id), presentEmployee, eq(employees.version, version)))
    .returning(employeeDetail);
  return row;
}

type Page = { limit: number; afterId: number | undefined };

async function pageOf(db: Db, scope: ReturnType<typeof and>, page: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select(employeeSummary)
      .from(employees)
      .where(page.afterId === undefined ? scope : and(scope, gt(employees.id, page.afterId)))
      .orderBy(asc(employees.id))
      .limit(page.limit + 1),
    db.select({ value: count() }).from(employees).where(scope),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export const listSubordinates = (db: Db, teamId: number, managerId: number, page: Page) =>
  pageOf(db, and(eq(employees.teamId, teamId), eq(employees.managerId, managerId), presentEmployee), page);

/** The team, or of it only these people (what a member who is not the owner sees). */
export const listTeam = (db: Db, teamId: number, only: number[] | undefined, page: Page) =>
  pageOf(db, and(eq(employees.teamId, teamId), presentEmployee, only && inArray(employees.id, only)), page);

/** The channels each of these employees works on (for icons beside their names). */
export async function channelsOf(db: Db, teamId: number, employeeIds: number[]) {
  if (employeeIds.length === 0) return [];
  return db
    .selectDistinct({
      employeeId: channelEmployees.employeeId,
      id: channels.id,
      name: channels.name,
      iconLink: channels.iconLink,
    })
    .from(channelEmployees)
    .innerJoin(channels, teamRecord(channels, channelEmployees.teamId, channelEmployees.channelId))
    .where(and(eq(channelEmployees.teamId, teamId), inArray(channelEmployees.employeeId, employeeIds)))
    .orderBy(asc(channelEmployees.employeeId), asc(channels.id));
}

export async function listAssignments(db: Db, teamId: number, employeeId: number) {
  return db
    .select({
      channelId: channels.id,
      channelName: channels.name,
      iconLink: channels.iconLink,
      employeeChannelRoleId: channelEmployees.roleId,
      roleName: channelRoles.name,
      salaryTypeId: channelEmployees.salaryTypeId,
      salaryTypeName: salaryTypes.name,
      rate: sql<number | null>`${channelEmployees.rate}::float8`,
      conditions: channelEmployees.conditions,
    })
    .from(channelEmployees)
    .innerJoin(channels, teamRecord(channels, channelEmployees.teamId, channelEmployees.channelId))
    .innerJoin(channelRoles, eq(channelRoles.id, channelEmployees.roleId))
    .leftJoin(salaryTypes, eq(salaryTypes.id, channelEmployees.salaryTypeId))
    .where(and(eq(channelEmployees.teamId, teamId), eq(channelEmployees.employeeId, employeeId)))
    .orderBy(asc(channels.id), asc(channelEmployees.roleId));
}

export type Assignment = {
  channelId: number;
  employeeId: number;
  roleId: number;
  salaryTypeId: number | null;
  /** Roubles with kopecks as text (numeric), or null: no rate. */
  rate: string | null;
  conditions: string;
};

/** Assigning again updates the pay terms of that role: pressing twice does not add the role twice. */
export async function upsertAssignment(db: Db, teamId: number, assignment: Assignment) {
  await db
    .insert(channelEmployees)
    .values({ teamId, ...assignment })
    .onConflictDoUpdate({
      target: [
        channelEmployees.teamId,
        channelEmployees.channelId,
        channelEmployees.employeeId,
        channelEmployees.roleId,
      ],
      set: {
        salaryTypeId: assignment.salaryTypeId,
        rate: assignment.rate,
        conditions: assignment.conditions,
      },
    });
}

export async function deleteAssignment(
  db: Db,
  teamId: number,
  key: { channelId: number; employeeId: number; roleId: number },
) {
  await db
    .delete(channelEmployees)
    .where(
      and(
        eq(channelEmployees.teamId, teamId),
        eq(channelEmployees.channelId, key.channelId),
        eq(channelEmployees.employeeId, key.employeeId),
        eq(channelEmployees.roleId, key.roleId),
      ),
    );
}
