import type { UserSettings } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../lib/caller.js';
import { changeTimeZone, databaseKnowsTimeZone, findMaster, findTeamSettings } from '../team/index.js';
import * as repo from './profile.repository.js';

const DEFAULT_SETTINGS: repo.SettingsRow = {
  notifyPosting: true,
  notifyStatistics: true,
  notifyEmployees: true,
  notifySubscription: true,
  notifyReferral: true,
  botEnabled: true,
  calendarSync: false,
  notifyPayments: true,
  remindMinutesBefore: null,
  telegramUsername: null,
  telegramLinked: false,
};

/** What the settings read from the server rather than the person: whether it has a bot, and the default lead time. */
export type BotSettings = { available: boolean; reminderMinutesBefore: number };

async function isMaster(db: Db, caller: Caller) {
  return (await findMaster(db, caller.teamId))?.id === caller.employeeId;
}

/** The caller's own switches, their team's settings and whether the caller is the master who changes them. */
export async function getSettings(db: Db, caller: Caller, bot: BotSettings): Promise<UserSettings> {
  const { remindMinutesBefore, telegramUsername, telegramLinked, ...settings } =
    (await repo.findSettings(db, caller)) ?? DEFAULT_SETTINGS;
  return {
    ...settings,
    remindMinutesBefore: remindMinutesBefore ?? bot.reminderMinutesBefore,
    telegram: { available: bot.available, linked: telegramLinked, username: telegramUsername },
    ...(await findTeamSettings(db, caller.teamId)),
    isMaster: await isMaster(db, caller),
  };
}

/** Changes the caller's switches and, for the master only, the team's settings, in one transaction. */
export async function updateSettings(
  db: Db,
  caller: Caller,
  bot: BotSettings,
  { timeZone, minGapMinutes, ...changes }: Omit<Partial<UserSettings>, 'isMaster' | 'telegram'>,
): Promise<UserSettings> {
  return db.transaction(async (tx) => {
    if ((timeZone !== undefined || minGapMinutes !== undefined) && !(await isMaster(tx, caller)))
      throw new AppError(
        'FORBIDDEN',
        timeZone !== undefined
          ? 'Часовой пояс команды может изменить только её владелец'
          : 'Минимальный интервал между продажами может изменить только владелец команды',
      );
    if (timeZone !== undefined) {
      if (!(await databaseKnowsTimeZone(tx, timeZone)))
        throw new AppError('VALIDATION_ERROR', 'Неизвестный часовой пояс', {
          timeZone: ['Неизвестный часовой пояс'],
        });
      await changeTimeZone(tx, caller.teamId, timeZone);
    }
    if (minGapMinutes !== undefined) await repo.changeMinGap(tx, caller.teamId, minGapMinutes);
    if (Object.values(changes).some((given) => given !== undefined))
      await repo.upsertSettings(tx, caller, changes);
    return getSettings(tx, caller, bot);
  });
}
