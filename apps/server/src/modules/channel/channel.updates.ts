import type { ChatMemberUpdated } from 'grammy/types';
import { enqueue, type JobContext } from '../../jobs/queue.js';
import { countChatJob } from '../subscribers/subscribers.service.js';
import { botStateOf } from '../telegram/index.js';
import { channelsOfChat, updateBotState } from './channel.repository.js';

// What an update of the bot's own membership means for the team's channels.

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
