import type { Message } from 'grammy/types';
import type { JobContext } from '../../jobs/queue.js';
import { AppError } from '../../lib/app-error.js';
import { previewInvitation } from './members.service.js';

export { INVITATION_START } from './members.service.js';

// Invitations through the bot (issue 39): t.me/<bot>?start=inv_<token> opens a chat with the bot, which answers with a
// button that opens AdDesk (as a Mini App where the address is https) on the invitation's page; there the person
// signs in as this Telegram account and becomes the invited employee.

/** Answers '/start inv_TOKEN' with the invitation's team and person and a button into AdDesk, or why it does not work. */
export async function handleInvitationStart(ctx: JobContext, message: Message, token: string): Promise<void> {
  const api = ctx.telegram.api;
  if (!api) return;
  const page = new URL(`/invite/${token}`, ctx.config.publicUrl).toString();
  let text: string;
  let button: { text: string; url: string } | { text: string; web_app: { url: string } } | undefined;
  try {
    const invitation = await previewInvitation(ctx.db, token);
    text = `${invitation.invitedBy || 'Владелец команды'} приглашает вас в команду «${invitation.teamName}» в AdDesk как ${invitation.employeeName}. Нажмите кнопку, чтобы войти.`;
    // Telegram opens a Mini App only from an https address; elsewhere (a local install) the button is a plain link.
    button = page.startsWith('https://')
      ? { text: 'Открыть AdDesk', web_app: { url: page } }
      : { text: 'Открыть AdDesk', url: page };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    text = `Это приглашение не действует: ${error.message}. Попросите владельца команды прислать новое.`;
  }
  await api
    .sendMessage(message.chat.id, text, button ? { reply_markup: { inline_keyboard: [[button]] } } : {})
    .catch((error: unknown) => {
      ctx.log.warn({ err: error, chatId: message.chat.id }, 'the bot could not answer an invitation');
    });
}
