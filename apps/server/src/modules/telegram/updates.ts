import type { ChatMemberUpdated, Update } from 'grammy/types';
import type { Db } from '../../db/client.js';
import { enqueue, type Job, type JobContext } from '../../jobs/queue.js';
import { recordMembership } from '../attribution/attribution.members.js';
import { channelsOfChat, updateBotState } from '../channel/channel.repository.js';
import { handleBotMessage } from '../reminders/bot-messages.js';
import { countChatJob } from '../subscribers/subscribers.jobs.js';
import { botStateOf } from './bot-state.js';

export const TELEGRAM_UPDATE = 'telegram-update';

/** What the bot asks Telegram for: private messages, its own membership changes and joins and leaves of channels. */
export const ALLOWED_UPDATES = ['message', 'my_chat_member', 'chat_member'] as const;

/**
 * Stores updates as jobs keyed by their update_id, in the caller's transaction: the same update delivered again (a
 * webhook retry, a getUpdates answered twice) is the same row, handled once.
 */
export async function storeUpdates(db: Db, updates: readonly Update[]) {
  for (const update of updates) {
    await enqueue(db, { kind: TELEGRAM_UPDATE, key: String(update.update_id), payload: update });
  }
}

/**
 * The bot was added to a channel, removed, or had its rights changed: every team's channel of that chat gets the new
 * status and rights, and its chat id when it was known by username only.
 */
export async function recordBotStatus(ctx: JobContext, update: ChatMemberUpdated) {
  if (update.chat.type === 'private') return;
  const state = botStateOf(update.new_chat_member);
  const since = new Date(update.date * 1000);
  const matched = await channelsOfChat(ctx.db, { id: update.chat.id, username: update.chat.username });
  for (const channel of matched) {
    await updateBotState(ctx.db, channel.teamId, channel.id, state, { since, chatId: update.chat.id });
  }
  // The channel card shows subscribers at once instead of after the next hourly scan; the count job counts only
  // the days still missing, so this adds no second snapshot.
  if (state.status === 'administrator' && matched.length > 0) {
    await enqueue(ctx.db, {
      kind: countChatJob.kind,
      key: `${update.chat.id}:added:${update.date}`,
      payload: { chatId: update.chat.id },
    });
  }
}

/**
 * Handles one stored update (the worker runs them in update_id order). Membership updates only write to the
 * database, so they run in the transaction that marks the job done: exactly once. A private message may be answered
 * through Telegram, so it runs outside one; its handler makes a repeat harmless.
 */
export const telegramUpdateJob: Job<Update> = {
  kind: TELEGRAM_UPDATE,
  transactional: (update) => update.message === undefined,
  async run(ctx, update) {
    if (update.my_chat_member) await recordBotStatus(ctx, update.my_chat_member);
    else if (update.chat_member) await recordMembership(ctx, update.chat_member);
    else if (update.message?.chat.type === 'private') await handleBotMessage(ctx, update.message);
  },
};
