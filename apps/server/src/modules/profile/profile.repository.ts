import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockTeamDataVersion } from '../../db/locks.js';
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

/**
 * The team's data version is locked before the person's row (see lockTeamDataVersion): a first change of the switches
 * alone deadlocked with one that changed the team's settings first.
 */
export async function upsertSettings(db: Db, caller: Caller, changes: SettingsChanges): Promise<SettingsRow> {
  await lockTeamDataVersion(db, caller.teamId);
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

export async function changeMinGap(db: Db, teamId: number, minGapMinutes: number) {
  await db.update(teams).set({ minGapMinutes }).where(eq(teams.id, teamId));
}
