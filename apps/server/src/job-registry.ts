import type { Message, Update } from 'grammy/types';
import type { Db } from './db/client.js';
import { jobsCleanup } from './jobs/cleanup.js';
import { enqueue, type Job, type JobContext } from './jobs/queue.js';
import { inviteLinkJobs } from './modules/attribution/attribution.links.js';
import { recordMembership } from './modules/attribution/attribution.members.js';
import { recordBotStatus } from './modules/channel/channel.updates.js';
import { registrationJobs } from './modules/marking/deal-registration.jobs.js';
import { markingReminderJobs } from './modules/marking/marking-reminders.jobs.js';
import { reportJobs } from './modules/marking/marking-report.jobs.js';
import { handleInvitationStart, INVITATION_START } from './modules/members/members.bot.js';
import { handleChannelPost } from './modules/post/post.bot.js';
import { postJobs } from './modules/post/post.jobs.js';
import { handleBotMessage } from './modules/reminders/bot-messages.js';
import { remindersJobs } from './modules/reminders/reminders.jobs.js';
import { subscribersJobs } from './modules/subscribers/subscribers.jobs.js';
import { startPayload } from './modules/telegram/index.js';

// Wiring (decisions 019, issue 34): every kind of job the worker runs, and which module an update from Telegram is
// for. The Telegram adapter stores updates; what each one means lives in the module it concerns.

const TELEGRAM_UPDATE = 'telegram-update';

/**
 * Stores updates as jobs keyed by their update_id, in the caller's transaction: the same update delivered again (a
 * webhook retry, a getUpdates answered twice) is the same row, handled once.
 */
export async function storeUpdates(db: Db, updates: readonly Update[]) {
  for (const update of updates) {
    await enqueue(db, { kind: TELEGRAM_UPDATE, key: String(update.update_id), payload: update });
  }
}

/** A private message: an invitation's start link is the team's (members), any other the reminders' link. */
async function privateMessage(ctx: JobContext, message: Message) {
  const payload = startPayload(message.text);
  if (payload?.startsWith(INVITATION_START)) {
    await handleInvitationStart(ctx, message, payload.slice(INVITATION_START.length));
  } else {
    await handleBotMessage(ctx, message);
  }
}

/**
 * Handles one stored update (the worker runs them in update_id order). Membership updates only write to the
 * database, so they run in the transaction that marks the job done: exactly once. A private message may be answered
 * through Telegram, so it runs outside one; its handler makes a repeat harmless.
 */
const telegramUpdateJob: Job<Update> = {
  kind: TELEGRAM_UPDATE,
  transactional: (update) => update.message === undefined,
  async run(ctx, update) {
    if (update.my_chat_member) await recordBotStatus(ctx, update.my_chat_member);
    else if (update.chat_member) await recordMembership(ctx, update.chat_member);
    else if (update.message?.chat.type === 'private') await privateMessage(ctx, update.message);
    else if (update.channel_post) await handleChannelPost(ctx, update.channel_post, false);
    else if (update.edited_channel_post) await handleChannelPost(ctx, update.edited_channel_post, true);
  },
};

/**
 * Every kind of job the worker runs. A job enqueued under a kind missing here waits untouched. Add yours with one
 * import and one entry.
 */
export const registry: readonly Job<never>[] = [
  jobsCleanup,
  telegramUpdateJob,
  ...subscribersJobs,
  ...inviteLinkJobs,
  ...remindersJobs,
  ...postJobs,
  ...markingReminderJobs,
  ...reportJobs,
  ...registrationJobs,
];
