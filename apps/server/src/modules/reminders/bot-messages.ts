import type { Message } from 'grammy/types';
import type { JobContext } from '../../jobs/queue.js';

/** A private message to the bot: `/start <token>` links a person's Telegram (the rest of this lands next). */
export async function handleBotMessage(ctx: JobContext, message: Message): Promise<void> {
  ctx.log.debug({ chatId: message.chat.id }, 'bot message');
}
