import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, channels, employees, teams } from '../../db/schema/index.js';

// The team's own records as the other modules look them up (issue 34): its master, a person, a channel, how many
// channels it has, its settings and zone, whether it is a demo team. Each module keeps its own writes and lists.

/** The name and picture a new master brings from their sign-in. */
export type Profile = { firstName: string; secondName: string; iconLink: string | null };

export const employeeSummary = {
  id: employees.id,
  firstName: employees.firstName,
  secondName: employees.secondName,
  iconLink: employees.iconLink,
};

export const employeeDetail = {
  ...employeeSummary,
  telegramNickName: employees.telegramNickName,
  managerId: employees.managerId,
  version: employees.version,
};

export const employeeById = (teamId: number, id: number) =>
  and(eq(employees.teamId, teamId), eq(employees.id, id));

/** Still in the team: a removed person is kept only for the deals that name them. */
export const presentEmployee = isNull(employees.removedAt);

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

/** Deletes the team and, through its foreign keys, every row of it: people, sessions, channels, tariffs, referrals. */
export async function deleteTeam(db: Db, teamId: number) {
  await db.delete(teams).where(eq(teams.id, teamId));
}

/**
 * Anyone who has been in the team, removed people included: a past deal still names them and can be edited (deal and
 * channel writes check their references with this). The team's own screens use findMember.
 */
export async function findEmployee(db: Db, teamId: number, id: number) {
  const [row] = await db.select(employeeDetail).from(employees).where(employeeById(teamId, id));
  return row;
}

/** A person who is in the team now. */
export async function findMember(db: Db, teamId: number, id: number) {
  const [row] = await db
    .select(employeeDetail)
    .from(employees)
    .where(and(employeeById(teamId, id), presentEmployee));
  return row;
}

export async function findMaster(db: Db, teamId: number) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.teamId, teamId), isNull(employees.managerId)));
  return row;
}

export const channelColumns = {
  id: channels.id,
  name: channels.name,
  iconLink: channels.iconLink,
  botAdminRights: channels.botAdminRights,
  botStatus: channels.botStatus,
  botCanInvite: channels.botCanInvite,
  botAdminSince: channels.botAdminSince,
  description: channels.description,
  ownerEmployeeId: channels.ownerEmployeeId,
  telegramNickName: channels.telegramNickName,
  archivedAt: channels.archivedAt,
};

export const channelById = (teamId: number, id: number) =>
  and(eq(channels.teamId, teamId), eq(channels.id, id));

/** The channels that work and count toward the tariff: every one not archived. */
export const liveChannels = (teamId: number) => and(eq(channels.teamId, teamId), isNull(channels.archivedAt));

/** A channel that is not archived: the only kind a new deal may go to. */
export async function findLiveChannel(db: Db, teamId: number, id: number) {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(liveChannels(teamId), eq(channels.id, id)));
  return row;
}

export async function findChannel(db: Db, teamId: number, id: number) {
  const [row] = await db
    .select({
      ...channelColumns,
      telegramChatId: channels.telegramChatId,
      botCheckedAt: channels.botCheckedAt,
    })
    .from(channels)
    .where(channelById(teamId, id));
  return row;
}

/** The team's live channels: what its tariff's channel limit counts (an archived one frees its place). */
export async function countChannels(db: Db, teamId: number) {
  const [row] = await db.select({ value: count() }).from(channels).where(liveChannels(teamId));
  return row?.value ?? 0;
}

export async function findTimeZone(db: Db, teamId: number): Promise<string> {
  return (await findTeamSettings(db, teamId)).timeZone;
}

/** The settings the whole team shares: its zone (decisions D5) and the minimum gap between two sales on one channel. */
export async function findTeamSettings(db: Db, teamId: number) {
  const [row] = await db
    .select({ timeZone: teams.timeZone, minGapMinutes: teams.minGapMinutes })
    .from(teams)
    .where(eq(teams.id, teamId));
  if (!row) throw new Error(`team ${teamId} has no row`);
  return row;
}

/** Whether the database can cut days in `timeZone`: its zone data may lag behind the runtime's. */
export async function databaseKnowsTimeZone(db: Db, timeZone: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from pg_timezone_names where name = ${timeZone}`);
  return result.rows.length > 0;
}

/**
 * Moves the team to another zone and re-rolls its calendar days in it (migration 0008); the update locks the team's
 * row, so no deal write of the team runs its roll-up in between. Nothing happens when the zone is already that one.
 */
export async function changeTimeZone(db: Db, teamId: number, timeZone: string) {
  const moved = await db
    .update(teams)
    .set({ timeZone })
    .where(and(eq(teams.id, teamId), ne(teams.timeZone, timeZone)))
    .returning({ id: teams.id });
  if (moved.length > 0) await db.execute(sql`select calendar_days_reroll(${teamId})`);
}

/** The provider of demo sign-ins: a team whose owner signs in with it is a sample team anyone can create, not a person's. */
export const DEMO_PROVIDER = 'demo';

export async function isDemoTeam(db: Db, teamId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: accounts.userId })
    .from(employees)
    .innerJoin(accounts, eq(accounts.userId, employees.userId))
    .where(
      and(eq(employees.teamId, teamId), isNull(employees.managerId), eq(accounts.provider, DEMO_PROVIDER)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Every channel of the team (archived ones too, to say so) and every person in it now, with their names and
 * usernames: what an imported file's names are matched against (issue 37). A team's lists, not its deals: small.
 */
export async function teamNames(db: Db, teamId: number) {
  const [channelRows, people] = await Promise.all([
    db
      .select({
        id: channels.id,
        name: channels.name,
        username: channels.telegramNickName,
        archived: sql<boolean>`${channels.archivedAt} is not null`,
      })
      .from(channels)
      .where(eq(channels.teamId, teamId)),
    db
      .select({ ...employeeSummary, username: employees.telegramNickName })
      .from(employees)
      .where(and(eq(employees.teamId, teamId), presentEmployee)),
  ]);
  return { channels: channelRows, people };
}
