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
 * The name a pasted link or mention points to, not yet checked as a username: `@name`, `t.me/name`,
 * `https://t.me/s/name`, `t.me/name/123` give `name`; a private invite link (`t.me/+…`, `t.me/joinchat/…`, `+…`)
 * gives null; any other text comes back trimmed.
 */
function linkedName(input: string): string | null {
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
    if (segments[0]?.startsWith('+') || segments[0]?.toLowerCase() === 'joinchat') return null;
    return (segments[0]?.toLowerCase() === 's' ? segments[1] : segments[0]) ?? '';
  }
  return text.startsWith('+') ? null : text;
}

/**
 * Reads what users paste: `@name`, `name`, `t.me/name`, `https://t.me/name`, `https://t.me/s/name`, a post link
 * `t.me/name/123`; private invite links (`t.me/+…`, `t.me/joinchat/…`) are refused with their own message.
 */
export function parseTelegramLink(input: string): ParsedTelegramLink {
  const name = linkedName(input);
  if (name === null) return { ok: false, message: PRIVATE_TELEGRAM_LINK };
  return USERNAME.test(name) ? { ok: true, username: name } : { ok: false, message: INVALID_TELEGRAM_LINK };
}

/**
 * What the deal lists' search looks for (issue 33): a link or mention of a Telegram name ('@alina_mkt',
 * 't.me/alina_mkt', 'https://t.me/alina_mkt') is that name, a part of one too ('@ali' finds what 'ali' finds); any
 * other text is itself, trimmed. The search box and the filter call's `q` read it the same way.
 */
export function dealSearchText(input: string): string {
  const text = input.trim();
  return linkedName(text) || text;
}
