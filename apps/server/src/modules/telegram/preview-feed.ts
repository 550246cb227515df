import { type HTMLElement, type Node, NodeType, parse, type TextNode } from 'node-html-parser';

/** One post as a public channel's preview page shows it; `views` is null where the page shows none. */
export type PreviewPost = { messageId: number; publishedAt: Date; text: string; views: number | null };

/** The posts of a public channel's preview page, oldest first; null when that name has no public channel feed. */
export type PreviewFeed = { posts: PreviewPost[] } | null;

/** Telegram asked us to slow down: the caller waits `retryAfterSeconds` before asking again. */
export class PreviewRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`the Telegram preview page is rate limited for ${retryAfterSeconds} s`);
    this.name = 'PreviewRateLimited';
  }
}

/** The preview page could not be read now (down, slow, or an unexpected answer); worth trying again later. */
export class PreviewUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PreviewUnavailable';
  }
}

const DEFAULT_RETRY_AFTER = 60;
// A redirect within /s/ (a trailing slash, another case of the name) is followed; a few hops at most, never a loop.
const MAX_REDIRECTS = 3;

const SCALES: Record<string, number> = { '': 1, K: 1_000, M: 1_000_000 };

/** Views as the page writes them: '987', '1.2K', '15.3K', '1.1M'; null for anything else. */
export function parseViews(text: string | null | undefined): number | null {
  const match = text?.trim().match(/^(\d+(?:\.\d+)?)([KM]?)$/i);
  if (!match?.[1]) return null;
  const scale = SCALES[(match[2] ?? '').toUpperCase()] ?? 1;
  // 1.2 * 1000 is 1200.0000000000002 in floating point.
  return Math.round(Number(match[1]) * scale);
}

/** Seconds from a Retry-After header (seconds or an HTTP date), within reason. */
function retryAfterOf(header: string | null, now = Date.now()): number {
  const value = header?.trim() ?? '';
  let seconds = DEFAULT_RETRY_AFTER;
  if (/^\d+$/.test(value)) seconds = Number(value);
  else if (value && Number.isFinite(Date.parse(value))) seconds = Math.ceil((Date.parse(value) - now) / 1000);
  return Math.min(3600, Math.max(1, seconds));
}

/** The text of a message body: line breaks are <br> there, entities are decoded by the parser. */
function textOf(node: Node): string {
  if (node.nodeType === NodeType.TEXT_NODE) return (node as TextNode).text;
  if (node.nodeType !== NodeType.ELEMENT_NODE) return '';
  const element = node as HTMLElement;
  if (element.tagName === 'BR') return '\n';
  return element.childNodes.map(textOf).join('');
}

/** A message's own text: a reply quotes the other post's text in the same class, inside its reply block. */
function ownText(message: HTMLElement): string {
  const body = message
    .querySelectorAll('.tgme_widget_message_text')
    .find((element) => !element.closest('.tgme_widget_message_reply'));
  return body ? textOf(body).trim() : '';
}

function postOf(message: HTMLElement, username: string): PreviewPost | undefined {
  const [name, id] = (message.getAttribute('data-post') ?? '').split('/');
  if (name?.toLowerCase() !== username.toLowerCase() || !id || !/^\d+$/.test(id)) return undefined;
  const messageId = Number(id);
  const datetime = message.querySelector('.tgme_widget_message_date time')?.getAttribute('datetime');
  const publishedAt = new Date(datetime ?? '');
  if (!Number.isSafeInteger(messageId) || messageId <= 0 || Number.isNaN(publishedAt.getTime()))
    return undefined;
  const views = parseViews(message.querySelector('.tgme_widget_message_views')?.text);
  return { messageId, publishedAt, text: ownText(message), views };
}

/** The posts of a preview page of `username`, or null when it has no channel history block. */
export function parseChannelFeed(html: string, username: string): PreviewFeed {
  const history = parse(html).querySelector('.tgme_channel_history');
  if (!history) return null;
  const byId = new Map<number, PreviewPost>();
  for (const message of history.querySelectorAll('div.tgme_widget_message[data-post]')) {
    const post = postOf(message, username);
    if (post && !byId.has(post.messageId)) byId.set(post.messageId, post);
  }
  return { posts: [...byId.values()].sort((a, b) => a.messageId - b.messageId) };
}

async function get(address: URL, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(address, {
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'text/html' },
    });
  } catch (error) {
    throw new PreviewUnavailable(`the Telegram preview page ${address.pathname} did not answer`, {
      cause: error,
    });
  }
}

/**
 * Reads the public preview page of a channel, `${previewRoot}/s/<username>` (its latest ~20 posts), or with `after`
 * the posts after that id. Nothing here knows what the posts mean; the caller decides.
 */
export async function readChannelFeed(
  settings: { previewRoot: string; timeoutMs: number },
  username: string,
  after?: number,
): Promise<PreviewFeed> {
  const feedPath = `${new URL(settings.previewRoot).pathname.replace(/\/+$/, '')}/s/`;
  let address = new URL(`${settings.previewRoot.replace(/\/+$/, '')}/s/${encodeURIComponent(username)}`);
  if (after !== undefined && Number.isSafeInteger(after) && after >= 0)
    address.searchParams.set('after', String(after));
  let response = await get(address, settings.timeoutMs);
  for (let hops = 0; response.status >= 300 && response.status < 400; hops++) {
    const location = response.headers.get('location');
    const next = location && URL.canParse(location, address.href) ? new URL(location, address) : undefined;
    await response.body?.cancel().catch(() => undefined);
    // t.me sends a name that is no public channel to its contact page, away from /s/.
    if (
      !next ||
      next.origin !== address.origin ||
      !next.pathname.startsWith(feedPath) ||
      hops >= MAX_REDIRECTS
    )
      return null;
    address = next;
    response = await get(address, settings.timeoutMs);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 404) return null;
    if (response.status === 429)
      throw new PreviewRateLimited(retryAfterOf(response.headers.get('retry-after')));
    throw new PreviewUnavailable(`the Telegram preview page answered ${response.status}`);
  }
  let html: string;
  try {
    html = await response.text();
  } catch (error) {
    throw new PreviewUnavailable('the Telegram preview page broke off', { cause: error });
  }
  return parseChannelFeed(html, username);
}
