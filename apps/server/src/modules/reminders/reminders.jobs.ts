import { GrammyError } from 'grammy';
import type { Job, JobContext } from '../../jobs/queue.js';
import { atWallTime, dayOf } from '../../lib/dates.js';
import { paymentText, placementText, postBrokenText } from './reminder-texts.js';
import * as repo from './reminders.repository.js';
import { unlinkChat } from './telegram-link.repository.js';

/** Teams read per page of a scan. */
const TEAMS_PER_PAGE = 500;
/** When, on the team's clock, the message about payments falling due that day goes. */
const PAYMENT_MORNING = { hours: 9, minutes: 0 };

/** Every team, page by page, each page handed to `visit`. */
async function forEachTeamPage(ctx: JobContext, visit: (page: repo.Team[]) => Promise<void>) {
  let after = 0;
  for (;;) {
    const page = await repo.teamsAfter(ctx.db, after, TEAMS_PER_PAGE);
    if (page.length > 0) await visit(page);
    const last = page.at(-1);
    if (!last || page.length < TEAMS_PER_PAGE) return;
    after = last.id;
  }
}

/**
 * Sends one reminder at most once (docs/decisions/019): its sent_notifications row is claimed and committed first,
 * so another process, a second run or a restart skips it; then the message; then `sent_at`. A crash between the
 * claim and the send loses that reminder rather than sending it twice. When Telegram answers that it did not take
 * the message: the person blocked the bot (403) is unlinked and the claim stays; a refusal for too many requests or
 * its own failure gives the claim back, so the next minute tries again (a placement only while it is ahead). No
 * answer at all (a timeout) may still have delivered it, so the claim stays.
 */
export async function sendOnce(ctx: JobContext, reminder: repo.DueReminder, text: string) {
  const api = ctx.telegram.api;
  if (!api || !(await repo.claim(ctx.db, reminder, ctx.now()))) return;
  try {
    await api.sendMessage(reminder.chatId, text, {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
  } catch (error) {
    const code = error instanceof GrammyError ? error.error_code : undefined;
    if (code === 403) {
      await unlinkChat(ctx.db, { teamId: reminder.teamId, employeeId: reminder.employeeId }, reminder.chatId);
    } else if (code === 429 || (code !== undefined && code >= 500)) {
      await repo.release(ctx.db, reminder);
    }
    ctx.log.warn(
      { err: error, reminder: { kind: reminder.kind, teamId: reminder.teamId, dealId: reminder.dealId } },
      'a reminder was not delivered',
    );
    return;
  }
  await repo.markSent(ctx.db, reminder, ctx.now());
}

const dealUrl = (ctx: JobContext, reminder: repo.DueReminder) =>
  `${ctx.config.publicUrl}/${reminder.dealKind}/${reminder.dealId}`;

/** Each minute: the placements whose responsible person's lead time has come (REMINDER_MINUTES_BEFORE by default). */
export const placementRemindersJob: Job = {
  kind: 'reminders.placements',
  everyMs: 60_000,
  async run(ctx) {
    if (!ctx.telegram.api) return;
    const now = ctx.now();
    await forEachTeamPage(ctx, async (page) => {
      const teamIds = page.map((team) => team.id);
      for (const reminder of await repo.duePlacements(
        ctx.db,
        teamIds,
        now,
        ctx.config.bot.reminderMinutesBefore,
      ))
        await sendOnce(ctx, reminder, placementText(reminder, now, dealUrl(ctx, reminder)));
    });
  },
};

/**
 * Each minute: in every team whose today has passed 09:00 on its clock, the deals not paid in full whose payment
 * falls due today. Only on that day: a server down all of it sends nothing the next.
 */
export const paymentRemindersJob: Job = {
  kind: 'reminders.payments',
  everyMs: 60_000,
  async run(ctx) {
    if (!ctx.telegram.api) return;
    const now = ctx.now();
    await forEachTeamPage(ctx, async (page) => {
      const mornings = new Map<string, repo.PaymentMorning>();
      for (const team of page) {
        const day = dayOf(now, team.timeZone);
        const dueAt = atWallTime(day, PAYMENT_MORNING.hours, PAYMENT_MORNING.minutes, team.timeZone);
        if (dueAt > now) continue;
        // Teams of one zone share their morning: one condition each in the query.
        const key = `${day}:${dueAt.toISOString()}`;
        const morning = mornings.get(key) ?? { teamIds: [], day, dueAt };
        morning.teamIds.push(team.id);
        mornings.set(key, morning);
      }
      for (const reminder of await repo.duePayments(ctx.db, [...mornings.values()]))
        await sendOnce(ctx, reminder, paymentText(reminder, dealUrl(ctx, reminder)));
    });
  },
};

export const POST_REMINDER = 'reminders.post';
export type PostEvent = 'post_displaced' | 'post_deleted';

/** A purchase's post broke its terms (modules/post asks through remindOfPost): its person hears of it once. */
export const postReminderJob: Job<{ teamId: number; dealId: number; event: PostEvent; at: string }> = {
  kind: POST_REMINDER,
  async run(ctx, { teamId, dealId, event, at }) {
    if (!ctx.telegram.api) return;
    const reminder = await repo.dealReminder(ctx.db, event, { teamId, dealId }, new Date(at));
    if (reminder)
      await sendOnce(ctx, reminder, postBrokenText(reminder, event, ctx.now(), dealUrl(ctx, reminder)));
  },
};

/** The reminders' jobs, for the worker's registry. */
export const remindersJobs = [placementRemindersJob, paymentRemindersJob, postReminderJob] as const;
