// Which pictures a contact's or the other side's channel's icon link may name (issue 33): what a teammate's browser
// loads from a link another member sent, so only Telegram's own image hosts, as the lookups find them.

/**
 * Telegram's hosts of public pictures, each with its subdomains: the preview pages' og:image on the CDNs
 * (`cdn4.cdn-telegram.org/file/…`, formerly `cdn4.telesco.pe/file/…`), a user's picture on t.me
 * (`t.me/i/userpic/320/NAME.jpg`) and Telegram's own logo for a chat without one (`telegram.org/img/…`).
 */
export const TELEGRAM_IMAGE_HOSTS = ['cdn-telegram.org', 'telesco.pe', 't.me', 'telegram.org'] as const;

export const TELEGRAM_IMAGE_REFUSED = 'Картинка принимается только по ссылке https с серверов Telegram';

/**
 * Whether a picture's address is one of Telegram's: https on a host of TELEGRAM_IMAGE_HOSTS, no port and no user
 * name. `alsoOrigins` are origins accepted as they are: the server's own Telegram preview root, which is where its
 * lookups take pictures from (`https://t.me` by default, a local fake in tests).
 */
export function isTelegramImageLink(link: string, alsoOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (alsoOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return TELEGRAM_IMAGE_HOSTS.some((telegram) => host === telegram || host.endsWith(`.${telegram}`));
}
