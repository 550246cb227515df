import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { employees, teams, userSettings } from '../../db/schema/index.js';

// Who hears of the month's deadline (issue 35): the team's owner (its master), through the bot, once they linked
// their Telegram and keep the bot on.

const ownerChat = and(
  isNotNull(userSettings.telegramChatId),
  eq(userSettings.botEnabled, true),
  eq(userSettings.teamId, employees.teamId),
  eq(userSettings.employeeId, employees.id),
);

/**
 * A page of the teams whose owner can hear from the bot, in team id order: the teams' key, then each team's master
 * by the (team, manager) index and their settings by key. Teams only, never their deals.
 */
export function teamsWithOwnerChat(db: Db, after: number, limit: number) {
  return db
    .select({ id: teams.id, timeZone: teams.timeZone })
    .from(teams)
    .innerJoin(employees, and(eq(employees.teamId, teams.id), isNull(employees.managerId)))
    .innerJoin(userSettings, ownerChat)
    .where(gt(teams.id, after))
    .orderBy(asc(teams.id))
    .limit(limit);
}

/** The owner's chat with the bot and the team's zone; undefined when the owner cannot hear from it. */
export async function findOwnerChat(db: Db, teamId: number) {
  const [row] = await db
    .select({ chatId: userSettings.telegramChatId, timeZone: teams.timeZone })
    .from(teams)
    .innerJoin(employees, and(eq(employees.teamId, teams.id), isNull(employees.managerId)))
    .innerJoin(userSettings, ownerChat)
    .where(eq(teams.id, teamId));
  return row?.chatId == null ? undefined : { chatId: row.chatId, timeZone: row.timeZone };
}
