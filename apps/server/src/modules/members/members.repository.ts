import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  channelEmployees,
  channelRoles,
  channels,
  employees,
  invitations,
  users,
} from '../../db/schema/index.js';
import { teamRecord } from '../../db/team-record.js';

export async function createUser(db: Db): Promise<number> {
  const [row] = await db.insert(users).values({}).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

/** The person, their sign-ins and sessions (the employees they were stay, unbound, for the deals that name them). */
export async function deleteUser(db: Db, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}

export async function setLastTeam(db: Db, userId: number, teamId: number) {
  await db.update(users).set({ lastTeamId: teamId }).where(eq(users.id, userId));
}

/**
 * Binds a person to an employee who nobody signs in as yet and who is still in the team; false when that is no longer
 * so. The row lock makes two acceptances at once bind one person.
 */
export async function bindEmployee(db: Db, teamId: number, employeeId: number, userId: number) {
  const rows = await db
    .update(employees)
    .set({ userId, joinedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        teamRecord(employees, sql`${teamId}`, sql`${employeeId}`),
        isNull(employees.userId),
        isNull(employees.removedAt),
      ),
    )
    .returning({ id: employees.id });
  return rows.length > 0;
}

/** The person's teams, the one they worked in last first, then those they own, then by when they joined. */
export async function membershipsOf(db: Db, userId: number) {
  return db
    .select({
      teamId: employees.teamId,
      employeeId: employees.id,
      owner: sql<boolean>`${employees.managerId} is null`,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(employees.userId, userId), isNull(employees.removedAt)))
    .orderBy(
      desc(sql`${employees.teamId} is not distinct from ${users.lastTeamId}`),
      desc(sql`${employees.managerId} is null`),
      asc(employees.joinedAt),
      asc(employees.teamId),
    );
}

const owners = alias(employees, 'owner');

/** The person's teams with their owners' names and the person's roles there, for the switcher. */
export async function teamsOf(db: Db, userId: number) {
  return db
    .select({
      teamId: employees.teamId,
      employeeId: employees.id,
      owner: sql<boolean>`${employees.managerId} is null`,
      ownerFirstName: owners.firstName,
      ownerSecondName: owners.secondName,
      roles: sql<string[]>`array(
        select ${channelRoles.name} || ': ' || ${channels.name}
          from ${channelEmployees}
          join ${channels} on ${teamRecord(channels, channelEmployees.teamId, channelEmployees.channelId)}
          join ${channelRoles} on ${channelRoles.id} = ${channelEmployees.roleId}
         where ${channelEmployees.teamId} = ${employees.teamId} and ${channelEmployees.employeeId} = ${employees.id}
         order by ${channels.name}, ${channelRoles.id})`,
    })
    .from(employees)
    .innerJoin(owners, and(eq(owners.teamId, employees.teamId), isNull(owners.managerId)))
    .where(and(eq(employees.userId, userId), isNull(employees.removedAt)))
    .orderBy(asc(employees.joinedAt), asc(employees.teamId));
}

/** The owner's name of a team: a team is called after its owner. */
export async function ownerName(db: Db, teamId: number) {
  const [row] = await db
    .select({ firstName: employees.firstName, secondName: employees.secondName })
    .from(employees)
    .where(and(eq(employees.teamId, teamId), isNull(employees.managerId)));
  return row;
}

/** When the person signed in as this employee, and the end of a live invitation to be them. */
export async function membershipOf(db: Db, teamId: number, employeeId: number, now: Date) {
  const [row] = await db
    .select({
      joinedAt: employees.joinedAt,
      signedIn: sql<boolean>`${employees.userId} is not null`,
      invitationExpiresAt: sql<Date | null>`(
        select max(${invitations.expiresAt}) from ${invitations}
         where ${invitations.teamId} = ${employees.teamId} and ${invitations.employeeId} = ${employees.id}
           and ${invitations.usedAt} is null and ${invitations.revokedAt} is null
           and ${invitations.expiresAt} > ${now.toISOString()}::timestamptz)`.mapWith((v) =>
        v === null ? null : new Date(v as string),
      ),
    })
    .from(employees)
    .where(teamRecord(employees, sql`${teamId}`, sql`${employeeId}`));
  return row;
}

/** Ends every live invitation to be this employee (a new link replaces the old one; 'Отозвать'). */
export async function revokeInvitations(db: Db, teamId: number, employeeId: number) {
  await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(invitations.teamId, teamId),
        eq(invitations.employeeId, employeeId),
        isNull(invitations.usedAt),
        isNull(invitations.revokedAt),
      ),
    );
}

export async function insertInvitation(
  db: Db,
  values: { tokenHash: string; teamId: number; employeeId: number; invitedBy: number; expiresAt: Date },
) {
  await db.insert(invitations).values(values);
}

const inviters = alias(employees, 'inviter');

/** An invitation by its token's hash, with the names its page shows and the state that decides whether it works. */
export async function findInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      teamId: invitations.teamId,
      employeeId: invitations.employeeId,
      expiresAt: invitations.expiresAt,
      usedAt: invitations.usedAt,
      revokedAt: invitations.revokedAt,
      employeeFirstName: employees.firstName,
      employeeSecondName: employees.secondName,
      employeeRemoved: sql<boolean>`${employees.removedAt} is not null`,
      inviterFirstName: inviters.firstName,
      inviterSecondName: inviters.secondName,
    })
    .from(invitations)
    .innerJoin(employees, teamRecord(employees, invitations.teamId, invitations.employeeId))
    .innerJoin(inviters, teamRecord(inviters, invitations.teamId, invitations.invitedBy))
    .where(eq(invitations.tokenHash, tokenHash));
  return row;
}

/** Marks a live invitation used; false when it was used, revoked or expired meanwhile (two acceptances at once). */
export async function useInvitation(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .update(invitations)
    .set({ usedAt: now })
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.usedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ teamId: invitations.teamId });
  return rows.length > 0;
}

/**
 * The Telegram username a person signed in with, on the employee they are in the team where its field is empty (a
 * username someone wrote by hand stays); the version moves, so a form read before answers 409 instead of undoing it.
 */
export async function fillTelegramUsername(
  db: Db,
  member: { teamId: number; employeeId: number },
  username: string,
) {
  await db
    .update(employees)
    .set({ telegramNickName: username, version: sql`${employees.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        teamRecord(employees, sql`${member.teamId}`, sql`${member.employeeId}`),
        sql`coalesce(${employees.telegramNickName}, '') = ''`,
      ),
    );
}
