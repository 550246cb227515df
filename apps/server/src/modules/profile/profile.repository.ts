import { and, eq, sql } from 'drizzle-orm';
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
};

export type SettingsRow = { [K in keyof typeof settingsColumns]: boolean };

export async function findSettings(db: Db, caller: Caller): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select(settingsColumns)
    .from(userSettings)
    .where(and(eq(userSettings.teamId, caller.teamId), eq(userSettings.employeeId, caller.employeeId)));
  return row;
}

export async function upsertSettings(
  db: Db,
  caller: Caller,
  changes: Partial<SettingsRow>,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(userSettings)
    .values({ teamId: caller.teamId, employeeId: caller.employeeId, ...changes })
    .onConflictDoUpdate({
      target: [userSettings.teamId, userSettings.employeeId],
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning(settingsColumns);
  if (!row) throw new Error('settings upsert returned nothing');
  return row;
}

/** Deletes the team and, through its foreign keys, every row of it: people, sessions, channels, tariffs, referrals. */
export async function deleteTeam(db: Db, teamId: number) {
  await db.delete(teams).where(eq(teams.id, teamId));
}
