import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teams, userSettings } from '../../db/schema/index.js';
import type { Caller } from '../../lib/caller.js';

const settingsColumns = {
  notifyPosting: userSettings.notifyPosting,
  notifyStatistics: userSettings.notifyStatistics,
  notifyEmployees: userSettings.notifyEmployees,
  notifySubscription: userSettings.notifySubscription,
  notifyReferral: userSettings.notifyReferral,
  botEnabled: userSettings.botEnabled,
  calendarSync: userSettings.calendarSync,
  notifyPayments: userSettings.notifyPayments,
  remindMinutesBefore: userSettings.remindMinutesBefore,
  telegramUsername: userSettings.telegramUsername,
  telegramLinked: sql<boolean>`${userSettings.telegramChatId} is not null`,
};

/** A person's own switches as stored: a null `remindMinutesBefore` is the server's default. */
export type SettingsRow = {
  [K in Exclude<
    keyof typeof settingsColumns,
    'remindMinutesBefore' | 'telegramUsername' | 'telegramLinked'
  >]: boolean;
} & { remindMinutesBefore: number | null; telegramUsername: string | null; telegramLinked: boolean };

/** What PATCH /api/settings may write: the switches and the reminder's lead time, never the Telegram link. */
export type SettingsChanges = Partial<Omit<SettingsRow, 'telegramUsername' | 'telegramLinked'>>;

export async function findSettings(db: Db, caller: Caller): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select(settingsColumns)
    .from(userSettings)
    .where(and(eq(userSettings.teamId, caller.teamId), eq(userSettings.employeeId, caller.employeeId)));
  return row;
}

export async function upsertSettings(db: Db, caller: Caller, changes: SettingsChanges): Promise<SettingsRow> {
  // Sync turned off here revokes the feed's address too: turning it on again must not bring an old address back.
  const values = changes.calendarSync === false ? { ...changes, calendarFeedTokenHash: null } : changes;
  const [row] = await db
    .insert(userSettings)
    .values({ teamId: caller.teamId, employeeId: caller.employeeId, ...values })
    .onConflictDoUpdate({
      target: [userSettings.teamId, userSettings.employeeId],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning(settingsColumns);
  if (!row) throw new Error('settings upsert returned nothing');
  return row;
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

export async function changeMinGap(db: Db, teamId: number, minGapMinutes: number) {
  await db.update(teams).set({ minGapMinutes }).where(eq(teams.id, teamId));
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

/** Deletes the team and, through its foreign keys, every row of it: people, sessions, channels, tariffs, referrals. */
export async function deleteTeam(db: Db, teamId: number) {
  await db.delete(teams).where(eq(teams.id, teamId));
}
