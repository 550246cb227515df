import { INVALID_TELEGRAM_LINK, parseTelegramLink } from './plain/telegram.js';
import { isTelegramImageLink, TELEGRAM_IMAGE_REFUSED } from './plain/telegram-image.js';
import { text, z } from './zod.js';

/** A query or body field holding a pasted channel or user link; parses to the bare username. */
export const telegramUsername = text(300, INVALID_TELEGRAM_LINK).transform((value, ctx) => {
  const parsed = parseTelegramLink(value);
  if (parsed.ok) return parsed.username;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

/**
 * A body's pictures held to the Telegram image rule (plain/telegram-image.ts), for its `superRefine`: every
 * `iconLink` of a part of the body (a deal's contact, the other side's channel) that is not on Telegram's image hosts
 * nor on one of `alsoOrigins` is a field error with the rule's Russian message. The server gives its preview root's
 * origin, where its own lookups take pictures from; the field itself already holds a link to http(s).
 */
export const telegramImageLinks =
  (alsoOrigins: readonly string[] = []) =>
  (body: object, ctx: z.RefinementCtx) => {
    for (const [field, part] of Object.entries(body)) {
      const link: unknown =
        part && typeof part === 'object' ? (part as { iconLink?: unknown }).iconLink : null;
      if (typeof link === 'string' && !isTelegramImageLink(link, alsoOrigins)) {
        ctx.addIssue({ code: 'custom', path: [field, 'iconLink'], message: TELEGRAM_IMAGE_REFUSED });
      }
    }
  };
