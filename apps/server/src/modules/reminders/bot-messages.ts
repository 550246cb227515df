import type { Message } from 'grammy/types';
import type { JobContext } from '../../jobs/queue.js';
import { sha256 } from '../../lib/tokens.js';
import { startPayload } from '../telegram/index.js';
import { linkChat, takeToken } from './telegram-link.repository.js';

const HOW_TO_LINK =
  'Чтобы получать напоминания AdDesk о размещениях и оплатах, откройте в AdDesk «Профиль» → «Уведомления» ' +
  'и нажмите «Подключить Telegram».';
export const LINKED = 'Telegram подключён: сюда будут приходить напоминания AdDesk о размещениях и оплатах.';
export const LINK_EXPIRED =
  'Эта ссылка больше не действует. Откройте в AdDesk «Профиль» → «Уведомления» и нажмите «Подключить Telegram» ещё раз.';

/**
 * A private message to the bot. '/start TOKEN' from 'Подключить Telegram' links this chat to the person the token was
 * made for (the token is used up: a second /start with it links nobody); anything else answers how to connect.
 */
export async function handleBotMessage(ctx: JobContext, message: Message): Promise<void> {
  const api = ctx.telegram.api;
  if (!api || message.chat.type !== 'private' || !message.from || message.from.is_bot) return;
  const token = startPayload(message.text);
  let answer = HOW_TO_LINK;
  if (token) {
    const from = message.from;
    // The token is used up only with the link made: a failed write leaves it for the job's retry.
    const linked = await ctx.db.transaction(async (tx) => {
      const person = await takeToken(tx, sha256(token), ctx.now());
      if (person) await linkChat(tx, person, { chatId: message.chat.id, username: from.username ?? null });
      return person !== undefined;
    });
    answer = linked ? LINKED : LINK_EXPIRED;
  }
  // The link is already committed and the token used: a failed answer is not worth running this again (a retry
  // would only answer that the link no longer works).
  await api.sendMessage(message.chat.id, answer).catch((error: unknown) => {
    ctx.log.warn({ err: error, chatId: message.chat.id }, 'the bot could not answer a private message');
  });
}
