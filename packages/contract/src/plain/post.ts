// A deal's post (issue 36, docs/decisions/031): its link, and the facts read from it. Zod-free so the deal form reads
// a typed link by the same rule the server does.

export const POST_LINK_MESSAGE = 'Ссылка на пост: https://t.me/имя_канала/номер';

/** A public post's address parts: the channel's username as written and the message's number in it. */
export type PostAddress = { link: string; username: string; messageId: number };

// t.me/<username>/<id>, with or without the scheme, telegram.me too, a trailing slash or a query (?single, ?embed=1)
// that the link copied from Telegram's apps carries. Not a private channel's t.me/c/<id>/<n>: nobody outside it reads
// that page, so nothing can be watched.
const POST_LINK =
  /^(?:https?:\/\/)?(?:www\.)?(?:t|telegram)\.me\/([A-Za-z][A-Za-z0-9_]{3,31})\/(\d{1,10})\/?(?:[?#].*)?$/i;
const NOT_CHANNELS = new Set(['joinchat', 'addstickers', 'addemoji', 'share', 'proxy', 'socks']);

/** The post a link names, its link written as `https://t.me/<username>/<id>`; undefined for any other shape. */
export function readPostLink(text: string): PostAddress | undefined {
  const match = text.trim().match(POST_LINK);
  if (!match?.[1] || !match[2]) return undefined;
  const username = match[1];
  const messageId = Number(match[2]);
  if (NOT_CHANNELS.has(username.toLowerCase()) || messageId < 1 || messageId > 2_147_483_647)
    return undefined;
  return { link: `https://t.me/${username}/${messageId}`, username, messageId };
}

/** Cost of a thousand views in roubles to the kopeck (price ÷ views × 1000); null while no view is known. */
export function cpmOf(price: number, views: number | null): number | null {
  if (views === null || views <= 0) return null;
  return Math.round((price * 1000 * 100) / views) / 100;
}
