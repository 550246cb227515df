// Reading a pasted Telegram link (a channel's or a person's): the forms check it as the user types, the schemas
// (../telegram.ts) with the same function.

export const INVALID_TELEGRAM_LINK =
  'Некорректная ссылка: укажите ссылку вида t.me/channel_name или @channel_name';
export const PRIVATE_TELEGRAM_LINK =
  'Это приватная ссылка-приглашение. Укажите публичную ссылку вида t.me/channel_name';

const HOSTS = new Set(['t.me', 'telegram.me', 'telegram.dog']);
// Telegram usernames: 5-32 characters, Latin letters, digits and underscores, starting with a letter.
const USERNAME = /^[a-z][a-z0-9_]{3,31}$/i;

export type ParsedTelegramLink = { ok: true; username: string } | { ok: false; message: string };

/**
 * Reads what users paste: `@name`, `name`, `t.me/name`, `https://t.me/name`, `https://t.me/s/name`, a post link
 * `t.me/name/123`; private invite links (`t.me/+…`, `t.me/joinchat/…`) are refused with their own message.
 */
export function parseTelegramLink(input: string): ParsedTelegramLink {
  let text = input.trim();
  if (text.startsWith('@')) text = text.slice(1);
  const withoutScheme = text.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  const slash = withoutScheme.indexOf('/');
  if (slash > 0 && HOSTS.has(withoutScheme.slice(0, slash).toLowerCase())) {
    const segments =
      withoutScheme
        .slice(slash + 1)
        .split(/[?#]/)[0]
        ?.split('/')
        .filter(Boolean) ?? [];
    if (segments[0]?.startsWith('+') || segments[0]?.toLowerCase() === 'joinchat') {
      return { ok: false, message: PRIVATE_TELEGRAM_LINK };
    }
    text = (segments[0]?.toLowerCase() === 's' ? segments[1] : segments[0]) ?? '';
  } else if (text.startsWith('+')) {
    return { ok: false, message: PRIVATE_TELEGRAM_LINK };
  }
  return USERNAME.test(text) ? { ok: true, username: text } : { ok: false, message: INVALID_TELEGRAM_LINK };
}
