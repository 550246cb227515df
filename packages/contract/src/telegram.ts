import { INVALID_TELEGRAM_LINK, parseTelegramLink } from './plain/telegram.js';
import { text, z } from './zod.js';

/** A query or body field holding a pasted channel or user link; parses to the bare username. */
export const telegramUsername = text(300, INVALID_TELEGRAM_LINK).transform((value, ctx) => {
  const parsed = parseTelegramLink(value);
  if (parsed.ok) return parsed.username;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});
