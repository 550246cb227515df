import type { UserSettings } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../lib/caller.js';
import { findMaster } from '../employee/employee.repository.js';
import * as repo from './profile.repository.js';

const DEFAULT_SETTINGS: UserSettings = {
  notifyPosting: true,
  notifyStatistics: true,
  notifyEmployees: true,
  notifySubscription: true,
  notifyReferral: true,
  botEnabled: true,
  calendarSync: false,
};

export async function getSettings(db: Db, caller: Caller): Promise<UserSettings> {
  return (await repo.findSettings(db, caller)) ?? DEFAULT_SETTINGS;
}

export const updateSettings = (db: Db, caller: Caller, changes: Partial<UserSettings>) =>
  repo.upsertSettings(db, caller, changes);

/** Deleting the profile deletes the team's data and sessions, in one transaction; only the master may do it. */
export async function deleteAccount(db: Db, caller: Caller) {
  await db.transaction(async (tx) => {
    const master = await findMaster(tx, caller.teamId);
    if (!master) throw notFound();
    if (master.id !== caller.employeeId)
      throw new AppError('FORBIDDEN', 'Удалить профиль команды может только её владелец');
    await repo.deleteTeam(tx, caller.teamId);
  });
}
