import { markingDeadline } from '@addesk/contract';
import { GrammyError } from 'grammy';
import { enqueue, type Job } from '../../jobs/queue.js';
import { atWallTime, dayOf, shiftDay } from '../../lib/dates.js';
import { monthDueIn, REMINDER_DAYS, type ReminderDay, reminderText } from './marking-month.facts.js';
import { monthTotals } from './marking-month.repository.js';
import { monthSpan } from './marking-month.service.js';
import * as repo from './marking-reminders.repository.js';

// The owner hears from the bot 5 days and 1 day before a month's deadline while some deal of it lacks what the
// paperwork needs (issue 35): 'Маркировка за ноябрь: до 30.12.2026 осталось 5 дней, не хватает данных по 3 сделкам'.

const HOUR_MS = 60 * 60_000;
/** Teams read per page of the scan. */
const TEAMS_PER_PAGE = 500;
/** The reminder goes once the team's day has passed this hour on its clock, like the payments' morning message. */
const MORNING_HOUR = 9;

export const MARKING_REMINDER = 'marking.reminder';
type ReminderPayload = { teamId: number; month: string; days: ReminderDay };

/**
 * Whether any zone's today can be a reminder's day: every zone's today is UTC's yesterday, today or tomorrow, and a
 * deadline is 5 or 1 days ahead of at most a few days a month. On the other days the hourly run ends here, reading
 * nothing.
 */
function reminderDaysNear(now: Date) {
  const utcToday = now.toISOString().slice(0, 10);
  return [-1, 0, 1].some((shift) =>
    REMINDER_DAYS.some((days) => monthDueIn(shiftDay(utcToday, shift), days) !== null),
  );
}

/**
 * Hourly: finds the teams whose today (on their own clock, past its morning) is 5 or 1 days before a month's
 * deadline, and asks for one reminder each, keyed by (team, month, 5|1).
 *
 * How the due teams are found cheaply: first the calendar alone says whether any zone's today can be such a day
 * (`reminderDaysNear`: about four days a month pass it; the other runs read nothing). On those days the run reads
 * teams, never deals: a page at a time by the teams' key, only those whose owner has the bot linked (their master by
 * the (team, manager) index, their settings by key), and keeps those whose own today is the day. The deals are read
 * by the reminder job, once per team and month: the month's range of that one team's (team, placement) index, as the
 * month's screen reads it. The queue's unique (kind, key) makes the hourly repeats of the same day ask for nothing
 * new, so each (team, month, 5|1) is sent at most once.
 */
export const markingDueScanJob: Job = {
  kind: 'marking.due-scan',
  everyMs: HOUR_MS,
  async run(ctx) {
    if (!ctx.telegram.api) return;
    const now = ctx.now();
    if (!reminderDaysNear(now)) return;
    let after = 0;
    for (;;) {
      const page = await repo.teamsWithOwnerChat(ctx.db, after, TEAMS_PER_PAGE);
      for (const team of page) {
        const today = dayOf(now, team.timeZone);
        if (atWallTime(today, MORNING_HOUR, 0, team.timeZone) > now) continue;
        for (const days of REMINDER_DAYS) {
          const due = monthDueIn(today, days);
          if (!due) continue;
          const payload: ReminderPayload = { teamId: team.id, month: due.month, days };
          await enqueue(ctx.db, {
            kind: MARKING_REMINDER,
            key: `${team.id}:${due.month}:${days}`,
            payload,
            teamId: team.id,
          });
        }
      }
      const last = page.at(-1);
      if (!last || page.length < TEAMS_PER_PAGE) return;
      after = last.id;
    }
  },
};

/**
 * One reminder: the month's deals still lacking something, counted now, and the message if there are any. The
 * queue runs it once; Telegram refusing for too many requests or failing itself throws, so the queue tries again
 * later; a blocked bot (403) is logged and not retried.
 */
export const markingReminderJob: Job<ReminderPayload> = {
  kind: MARKING_REMINDER,
  async run(ctx, { teamId, month, days }) {
    const api = ctx.telegram.api;
    if (!api) return;
    const owner = await repo.findOwnerChat(ctx.db, teamId);
    if (!owner) return;
    const { withMissing } = await monthTotals(ctx.db, teamId, monthSpan(month, owner.timeZone));
    if (withMissing === 0) return;
    const text = reminderText(
      { month, deadline: markingDeadline(month), daysLeft: days, withMissing },
      `${ctx.config.publicUrl}/marking`,
    );
    try {
      await api.sendMessage(owner.chatId, text, { link_preview_options: { is_disabled: true } });
    } catch (error) {
      const code = error instanceof GrammyError ? error.error_code : undefined;
      if (code === 429 || (code !== undefined && code >= 500)) throw error;
      ctx.log.warn(
        { err: error, reminder: { kind: MARKING_REMINDER, teamId, month, days } },
        'not delivered',
      );
    }
  },
};

/** The month's reminders, for the worker's registry. */
export const markingReminderJobs = [markingDueScanJob, markingReminderJob] as const;
