import { isTelegramImageLink } from '@addesk/contract';
import { Api, GrammyError } from 'grammy';
import type { Config } from '../../env.js';
import { AppError } from '../../lib/app-error.js';
import { type BotState, botStateOf, NOT_SEEN } from './bot-state.js';
import { type PreviewFeed, readChannelFeed } from './preview-feed.js';

/** What a username belongs to, as Telegram tells it; what each may be used for is the modules' to decide. */
export type ChatKind = 'user' | 'channel' | 'group';

/** A public channel or user as Telegram shows it. */
export type PublicChat = {
  chatId: number | null;
  name: string;
  imageLink: string | null;
  username: string;
  kind: ChatKind;
};

export type TelegramClient = {
  /** grammY's Bot API client for the bot's own work (updates, invite links, messages); undefined without a token. */
  api: Api | undefined;
  /** The public chat behind a username, or null when Telegram knows no such name. */
  lookup(username: string): Promise<PublicChat | null>;
  /** The username of our bot, to tell users whom to add as an administrator; null when no bot is configured. */
  botUsername(): Promise<string | null>;
  /** Our bot's membership and rights in the channel, asked of Telegram; undefined when no bot is configured. */
  botState(chat: { chatId: number | null; username: string }): Promise<BotState | undefined>;
  /**
   * A public channel's latest posts (or those after `after`) from its preview page; null when the name has no public
   * feed. Throws PreviewRateLimited or PreviewUnavailable, for the caller to pause and try again.
   */
  channelFeed(username: string, after?: number): Promise<PreviewFeed>;
};

export const TELEGRAM_UNAVAILABLE = 'Telegram сейчас не отвечает. Попробуйте ещё раз через минуту';

const unavailable = () => new AppError('UPSTREAM_UNAVAILABLE', TELEGRAM_UNAVAILABLE);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decodeHtml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1]?.toLowerCase() === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });

/**
 * The kind of a preview page by the line under its title: a channel counts subscribers, a group members; a person's
 * page shows only their @username there. A page without that line reads as a channel, as it always did.
 */
function previewKind(html: string): ChatKind {
  const extra = html.match(/class="tgme_page_extra"[^>]*>([^<]*)</i)?.[1]?.trim() ?? '';
  if (/subscriber|подписчик/i.test(extra)) return 'channel';
  if (/member|участник/i.test(extra)) return 'group';
  return extra.startsWith('@') ? 'user' : 'channel';
}

const kindOfType = (type: string): ChatKind =>
  type === 'private' ? 'user' : type === 'channel' ? 'channel' : 'group';

const meta = (html: string, property: string) => {
  const match = html.match(new RegExp(`<meta[^>]+property="${property}"[^>]+content="([^"]*)"`, 'i'));
  return match?.[1] ? decodeHtml(match[1]).trim() : undefined;
};

/**
 * Talks to Telegram: the Bot API through grammY when a bot token is set, the public preview page of a username
 * (`${TELEGRAM_PREVIEW_ROOT}/NAME`: title and image from its meta tags) otherwise and for images. Both addresses
 * are settings, so tests run against a local fake. Every call has a timeout; Telegram down answers 502.
 */
export function createTelegramClient(settings: Config['telegram']): TelegramClient {
  const { botToken, apiRoot, previewRoot, timeoutMs } = settings;
  const api = botToken
    ? new Api(botToken, { apiRoot, timeoutSeconds: Math.max(1, Math.ceil(timeoutMs / 1000)) })
    : undefined;
  const previewOrigins = [new URL(previewRoot).origin];
  /**
   * Only pictures a deal may then carry (the contract's rule): https on Telegram's image hosts, or the preview host
   * itself; never another site, data: or javascript:.
   */
  const imageAddress = (image: string | undefined) =>
    image && isTelegramImageLink(image, previewOrigins) ? new URL(image).toString() : null;
  let me: Promise<{ id: number; username: string }> | undefined;
  const getMe = (bot: Api) => {
    me ??= bot.getMe().then((user) => ({ id: user.id, username: user.username }));
    // A failed call is not remembered: the next one asks again.
    me.catch(() => {
      me = undefined;
    });
    return me;
  };

  async function preview(username: string): Promise<PublicChat | null> {
    let response: Response;
    try {
      response = await fetch(`${previewRoot.replace(/\/+$/, '')}/${username}`, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'text/html' },
      });
    } catch {
      throw unavailable();
    }
    if (response.status === 404) return null;
    if (!response.ok) throw unavailable();
    const html = await response.text();
    // A name nobody holds still gets a page, but without the title block of a real chat.
    const title = meta(html, 'og:title');
    if (!title || !html.includes('tgme_page_title')) return null;
    return {
      chatId: null,
      name: title,
      imageLink: imageAddress(meta(html, 'og:image')),
      username,
      kind: previewKind(html),
    };
  }

  async function viaBot(bot: Api, username: string): Promise<PublicChat | null> {
    try {
      const chat = await bot.getChat(`@${username}`);
      const name =
        'title' in chat && chat.title
          ? chat.title
          : [chat.first_name, chat.last_name].filter(Boolean).join(' ') || username;
      // The Bot API hands out photos only behind the token; the preview page gives a public image address.
      const image = await preview(username).catch(() => null);
      return {
        chatId: chat.id,
        name,
        imageLink: image?.imageLink ?? null,
        username: chat.username ?? username,
        kind: kindOfType(chat.type),
      };
    } catch (error) {
      // The Bot API finds channels and groups by username, never a person (getChat takes '@channelusername' only):
      // a person is known by their public preview page.
      if (error instanceof GrammyError && error.error_code === 400) return preview(username);
      throw unavailable();
    }
  }

  return {
    api,
    lookup: (username) => (api ? viaBot(api, username) : preview(username)),
    channelFeed: (username, after) => readChannelFeed({ previewRoot, timeoutMs }, username, after),
    async botUsername() {
      if (!api) return null;
      try {
        return (await getMe(api)).username;
      } catch {
        throw unavailable();
      }
    },
    async botState(chat) {
      if (!api) return undefined;
      try {
        const bot = await getMe(api);
        const state = botStateOf(await api.getChatMember(chat.chatId ?? `@${chat.username}`, bot.id));
        // 'left' to a check is also a bot that was never there: only an update tells that it was removed.
        return state.status === 'left' ? NOT_SEEN : state;
      } catch (error) {
        // Telegram shows a bot nothing of a channel it is not in.
        if (error instanceof GrammyError && error.error_code === 400) return NOT_SEEN;
        throw unavailable();
      }
    },
  };
}
