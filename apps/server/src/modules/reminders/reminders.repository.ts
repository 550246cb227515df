import { MAX_REMIND_MINUTES_BEFORE } from '@addesk/contract';
import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  not,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { withDealParties } from '../../db/deal-parties.js';
import {
  channels,
  deals,
  employees,
  externalChannels,
  sentNotifications,
  teams,
  userSettings,
} from '../../db/schema/index.js';
import { cancelledStatus, liveDeal } from '../../db/team-record.js';

export type Team = { id: number; timeZone: string };

/** A page of teams in id order (the teams' key), so a scan over every team never holds them all. */
export function teamsAfter(db: Db, after: number, limit: number): Promise<Team[]> {
  return db
    .select({ id: teams.id, timeZone: teams.timeZone })
    .from(teams)
    .where(gt(teams.id, after))
    .orderBy(asc(teams.id))
    .limit(limit);
}

export type NotificationKind = (typeof sentNotifications.$inferSelect)['kind'];

/** What one reminder is about: the key of its sent_notifications row. */
export type NotificationKey = {
  teamId: number;
  kind: NotificationKind;
  dealId: number;
  employeeId: number;
  dueAt: Date;
};

/** A reminder to send: its key, the chat, and what the text says. */
export type DueReminder = NotificationKey & {
  chatId: number;
  dealKind: 'sale' | 'purchase';
  placementAt: Date;
  channelName: string;
  externalName: string | null;
  /** What is still to pay, as the numeric column gives it ('7500.00'). */
  owed: string;
  /** The team's zone, the clock the text tells the time by. */
  timeZone: string;
};

const responsible = alias(employees, 'responsible');
const master = alias(employees, 'master');

/**
 * The live deals of the given conditions with their responsible person's settings: the deal's employee, or the team's
 * master when it has none or they left the team. Only people whose Telegram is linked and whose bot is on; only
 * reminders not claimed yet.
 */
function dueDeals(db: Db, kind: NotificationKind, dueAt: SQL, where: SQL | undefined) {
  const person = sql`coalesce(${responsible.id}, ${master.id})`;
  return withDealParties(
    db
      .select({
        teamId: deals.teamId,
        dealId: deals.id,
        employeeId: userSettings.employeeId,
        dueAt: sql<Date>`${dueAt}`.mapWith(sentNotifications.dueAt),
        chatId: sql<number>`${userSettings.telegramChatId}`.mapWith(Number),
        dealKind: deals.kind,
        placementAt: deals.placementAt,
        channelName: channels.name,
        externalName: externalChannels.name,
        owed: sql<string>`(${deals.price} - ${deals.paidAmount})::text`,
        timeZone: teams.timeZone,
      })
      .from(deals)
      .innerJoin(teams, eq(teams.id, deals.teamId))
      .innerJoin(master, and(eq(master.teamId, deals.teamId), isNull(master.managerId)))
      .leftJoin(
        responsible,
        and(
          eq(responsible.teamId, deals.teamId),
          eq(responsible.id, deals.employeeId),
          isNull(responsible.removedAt),
        ),
      )
      .innerJoin(
        userSettings,
        and(eq(userSettings.teamId, deals.teamId), eq(userSettings.employeeId, person)),
      ),
  ).where(
    and(
      where,
      liveDeal(deals),
      not(cancelledStatus(deals.statusId)),
      isNotNull(userSettings.telegramChatId),
      eq(userSettings.botEnabled, true),
      notExists(
        db
          .select({ one: sql`1` })
          .from(sentNotifications)
          .where(
            and(
              eq(sentNotifications.teamId, deals.teamId),
              eq(sentNotifications.kind, kind),
              eq(sentNotifications.dealId, deals.id),
              eq(sentNotifications.employeeId, userSettings.employeeId),
              eq(sentNotifications.dueAt, dueAt),
            ),
          ),
      ),
    ),
  );
}

/**
 * The placements of these teams still ahead of `now` whose responsible person's lead time has come (their own, or
 * `defaultMinutes`): a range of each team's placements index, at most a day ahead (the longest lead time). A
 * placement already past is never reminded of, however late the scan.
 */
export async function duePlacements(
  db: Db,
  teamIds: number[],
  now: Date,
  defaultMinutes: number,
): Promise<DueReminder[]> {
  if (teamIds.length === 0) return [];
  const rows = await dueDeals(
    db,
    'placement',
    sql`${deals.placementAt}`,
    and(
      inArray(deals.teamId, teamIds),
      gt(deals.placementAt, now),
      lte(deals.placementAt, new Date(now.getTime() + MAX_REMIND_MINUTES_BEFORE * 60_000)),
      sql`${deals.placementAt} <= ${now.toISOString()}::timestamptz + make_interval(mins => coalesce(${userSettings.remindMinutesBefore}::int, ${defaultMinutes}::int))`,
      eq(userSettings.notifyPosting, true),
    ),
  );
  return rows.map((row) => ({ ...row, kind: 'placement' }));
}

/** One deal's reminder of `kind` about the moment `dueAt`, unless it was claimed already or nobody is to hear it. */
export async function dealReminder(
  db: Db,
  kind: NotificationKind,
  key: { teamId: number; dealId: number },
  dueAt: Date,
): Promise<DueReminder | undefined> {
  const [row] = await dueDeals(
    db,
    kind,
    sql`${dueAt.toISOString()}::timestamptz`,
    and(eq(deals.teamId, key.teamId), eq(deals.id, key.dealId)),
  );
  return row && { ...row, kind };
}

/** The teams whose payment morning has come: their today and the instant its morning began. */
export type PaymentMorning = { teamIds: number[]; day: string; dueAt: Date };

/**
 * The deals not paid in full whose payment falls due on the team's today, for teams past that day's morning: the
 * partial index of unpaid deals, by team and due date.
 */
export async function duePayments(db: Db, mornings: PaymentMorning[]): Promise<DueReminder[]> {
  if (mornings.length === 0) return [];
  const byMorning = mornings.map(({ teamIds, day, dueAt }) => ({
    where: and(inArray(deals.teamId, teamIds), eq(deals.paymentDueDate, day)),
    dueAt,
  }));
  const dueAt = sql.join(
    [
      sql`case`,
      ...byMorning.map(({ where, dueAt }) => sql`when ${where} then ${dueAt.toISOString()}::timestamptz`),
      sql`end`,
    ],
    sql` `,
  );
  const rows = await dueDeals(
    db,
    'payment_due',
    dueAt,
    and(
      or(...byMorning.map(({ where }) => where)),
      inArray(deals.kind, ['sale', 'purchase']),
      sql`${deals.paidAmount} < ${deals.price}`,
      eq(userSettings.notifyPayments, true),
    ),
  );
  return rows.map((row) => ({ ...row, kind: 'payment_due' }));
}

/**
 * Claims a reminder before it is sent, committed on its own: true for the one caller whose row this is. Another
 * process, a retry or a restart finds the row and sends nothing.
 */
export async function claim(db: Db, key: NotificationKey, now: Date): Promise<boolean> {
  const rows = await db
    .insert(sentNotifications)
    .values({ ...key, claimedAt: now })
    .onConflictDoNothing()
    .returning({ dealId: sentNotifications.dealId });
  return rows.length > 0;
}

const byKey = (key: NotificationKey) =>
  and(
    eq(sentNotifications.teamId, key.teamId),
    eq(sentNotifications.kind, key.kind),
    eq(sentNotifications.dealId, key.dealId),
    eq(sentNotifications.employeeId, key.employeeId),
    eq(sentNotifications.dueAt, key.dueAt),
  );

export async function markSent(db: Db, key: NotificationKey, now: Date) {
  await db.update(sentNotifications).set({ sentAt: now }).where(byKey(key));
}

/** Gives a claim back when Telegram said the message was not taken (too many requests, its own failure). */
export async function release(db: Db, key: NotificationKey) {
  await db.delete(sentNotifications).where(byKey(key));
}
