import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeFeed } from './fake-telegram-feed.js';

/**
 * `image`: an absolute address, or a path such as '/avatar/x.svg' that this fake serves itself (a coloured letter), on
 * the preview root's origin, which the server takes pictures from as from Telegram's own image hosts. An absolute one
 * elsewhere than Telegram's hosts over https (`https://cdn4.cdn-telegram.org/file/…`) is dropped by the lookup.
 * `botIsAdmin`: the bot is an administrator able to post; `botCanInvite`: and to make invite links.
 * `kind`: a channel unless said; a person's preview page shows their @username where a channel counts subscribers,
 * and the Bot API finds a person by username only with `botKnows` (as the real one: getChat takes channels' names).
 */
export type FakeChat = {
  id: number;
  title: string;
  username: string;
  image?: string;
  botIsAdmin?: boolean;
  botCanInvite?: boolean;
  memberCount?: number;
  kind?: 'channel' | 'group' | 'user';
  botKnows?: boolean;
};

/** A Telegram user as updates carry them. */
export type FakeUser = { id: number; first_name: string; last_name?: string; username?: string };

export const FAKE_BOT = { id: 777, is_bot: true, first_name: 'AdDesk', username: 'addesk_bot' } as const;

type Json = Record<string, unknown>;
type Waiter = () => void;

/**
 * A local Telegram: the Bot API methods AdDesk calls under /bot<token>/ (getMe, getChat, getChatMember,
 * getChatMemberCount, createChatInviteLink, revokeChatInviteLink, sendMessage, getUpdates with queued updates,
 * setWebhook, deleteWebhook), public preview pages at /<username> shaped like t.me's, and channels' posts at /s/<username>
 * (fake-telegram-feed.ts: addPost, editPost, removePost, setViews, rateLimitFeed, feedRequests). Every Bot API call is
 * recorded with its parameters (`sent`). `mode` makes it fail ('down') or hang past timeouts ('slow').
 * Tests drive it in process (`botAdded`, `join`, `leave`, `message`, `deliverWebhook`) or, from another process such
 * as the end-to-end run, over HTTP: `POST /__fake/<same name>` with the same arguments as a JSON array.
 */
export async function startFakeTelegram(chats: FakeChat[], port = 0) {
  const byName = new Map(chats.map((c) => [c.username.toLowerCase(), c]));
  const state = {
    mode: 'up' as 'up' | 'down' | 'slow',
    calls: [] as string[],
    /** Bot API calls with their parameters, in order. */
    botCalls: [] as { method: string; params: Json }[],
    /** Private chats that blocked the bot: sendMessage to them answers 403. */
    blocked: new Set<number>(),
  };
  const queue: Json[] = [];
  let nextUpdateId = 1000;
  let nextLink = 1;
  let waiters: Waiter[] = [];
  let webhook: { url: string; secret?: string } | null = null;
  const links = new Map<string, Json>();
  const feed = createFakeFeed();
  const chatOf = (chatId: unknown) =>
    byName.get(
      String(chatId ?? '')
        .replace(/^@/, '')
        .toLowerCase(),
    ) ?? chats.find((c) => c.id === Number(chatId));
  const seconds = (at: Date = new Date()) => Math.floor(at.getTime() / 1000);
  const channelOf = (chat: FakeChat) => ({
    id: chat.id,
    type: 'channel',
    title: chat.title,
    username: chat.username,
  });

  /** Queues an update for getUpdates (and posts it to the webhook when one is set); answers its update_id. */
  function queueUpdate(update: Json) {
    const full = { update_id: nextUpdateId++, ...update };
    queue.push(full);
    for (const wake of waiters) wake();
    waiters = [];
    if (webhook) void deliverWebhook(webhook.url, webhook.secret, full).catch(() => undefined);
    return full.update_id as number;
  }

  function requireChat(chatId: number) {
    const chat = chatOf(chatId);
    if (!chat) throw new Error(`fake Telegram: no chat ${chatId}`);
    return chat;
  }

  const adminRights = (canInvite: boolean) => ({
    status: 'administrator',
    user: FAKE_BOT,
    can_be_edited: false,
    can_manage_chat: true,
    can_change_info: false,
    can_delete_messages: false,
    can_invite_users: canInvite,
    can_restrict_members: false,
    can_promote_members: false,
    can_manage_video_chats: false,
    can_post_messages: true,
    can_edit_messages: false,
    can_post_stories: false,
    can_edit_stories: false,
    can_delete_stories: false,
    is_anonymous: false,
  });

  const OWNER = { id: 1, is_bot: false, first_name: 'Владелец' };
  /** A my_chat_member or chat_member update of a channel: someone's membership went from `old` to `now`. */
  const membershipChange = (
    type: 'my_chat_member' | 'chat_member',
    chat: FakeChat,
    change: { from: Json; at?: Date; old: Json; now: Json; link?: Json },
  ) =>
    queueUpdate({
      [type]: {
        chat: channelOf(chat),
        from: change.from,
        date: seconds(change.at),
        old_chat_member: change.old,
        new_chat_member: change.now,
        ...(change.link ? { invite_link: change.link } : {}),
      },
    });
  const person = (user: FakeUser) => ({ is_bot: false, ...user });

  const control = {
    ...feed.controls,
    queueUpdate,
    /** The bot made an administrator of the channel (my_chat_member); `canInvite` defaults to true. */
    botAdded(chatId: number, options: { canInvite?: boolean; at?: Date } = {}) {
      const chat = requireChat(chatId);
      const canInvite = options.canInvite ?? true;
      const old = chat.botIsAdmin
        ? adminRights(chat.botCanInvite ?? false)
        : { status: 'left', user: FAKE_BOT };
      chat.botIsAdmin = true;
      chat.botCanInvite = canInvite;
      return membershipChange('my_chat_member', chat, {
        from: OWNER,
        at: options.at,
        old,
        now: adminRights(canInvite),
      });
    },
    /** The bot removed from the channel (my_chat_member, status 'left'). */
    botRemoved(chatId: number, options: { at?: Date } = {}) {
      const chat = requireChat(chatId);
      const old = adminRights(chat.botCanInvite ?? false);
      chat.botIsAdmin = false;
      chat.botCanInvite = false;
      return membershipChange('my_chat_member', chat, {
        from: OWNER,
        at: options.at,
        old,
        now: { status: 'left', user: FAKE_BOT },
      });
    },
    /** A user joins the channel (chat_member), through `inviteLink` or, without it, organically. */
    join(chatId: number, user: FakeUser, options: { inviteLink?: string; at?: Date } = {}) {
      const chat = requireChat(chatId);
      const link = options.inviteLink ? links.get(options.inviteLink) : undefined;
      if (options.inviteLink && !link) throw new Error(`fake Telegram: no invite link ${options.inviteLink}`);
      chat.memberCount = (chat.memberCount ?? 0) + 1;
      return membershipChange('chat_member', chat, {
        from: person(user),
        at: options.at,
        old: { status: 'left', user: person(user) },
        now: { status: 'member', user: person(user) },
        link,
      });
    },
    /** A user leaves the channel (chat_member, status 'left'). */
    leave(chatId: number, user: FakeUser, options: { at?: Date } = {}) {
      const chat = requireChat(chatId);
      chat.memberCount = Math.max(0, (chat.memberCount ?? 0) - 1);
      return membershipChange('chat_member', chat, {
        from: person(user),
        at: options.at,
        old: { status: 'member', user: person(user) },
        now: { status: 'left', user: person(user) },
      });
    },
    /** A private message to the bot, such as '/start TOKEN'. */
    message(from: FakeUser, text: string, options: { at?: Date } = {}) {
      return queueUpdate({
        message: {
          message_id: nextUpdateId,
          from: person(from),
          chat: { id: from.id, type: 'private', first_name: from.first_name, username: from.username },
          date: seconds(options.at),
          text,
          ...(text.startsWith('/')
            ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }] }
            : {}),
        },
      });
    },
    setMemberCount(chatId: number, count: number) {
      requireChat(chatId).memberCount = count;
    },
    /** The parameters of every call of one Bot API method, in order. */
    sent(method: string) {
      return state.botCalls.filter((c) => c.method === method).map((c) => c.params);
    },
    /** Updates not yet acknowledged by a getUpdates offset. */
    pending: () => queue.length,
  };

  /** Posts an update to a webhook as Telegram does, with the secret header when given; answers the HTTP status. */
  async function deliverWebhook(url: string, secret: string | undefined, update: Json) {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}),
      },
      body: JSON.stringify(update),
    });
    return response.status;
  }

  async function getUpdates(params: Json) {
    const offset = Number(params.offset ?? 0);
    // An offset acknowledges every update before it: they are never sent again.
    while (queue.length > 0 && Number(queue[0]?.update_id) < offset) queue.shift();
    const timeout = Math.min(Number(params.timeout ?? 0), 2);
    if (queue.length === 0 && timeout > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeout * 1000);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return queue.slice(0, Number(params.limit ?? 100));
  }

  const extraLine = (chat: FakeChat) =>
    chat.kind === 'user'
      ? `@${chat.username}`
      : chat.kind === 'group'
        ? '1 234 members, 56 online'
        : '12 345 subscribers';

  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    state.calls.push(url.pathname);
    if (state.mode === 'slow') await new Promise((r) => setTimeout(r, 3000));
    if (state.mode === 'down') {
      res.writeHead(503).end('unavailable');
      return;
    }
    const bot = url.pathname.match(/^\/bot[^/]+\/(\w+)$/);
    const fake = url.pathname.match(/^\/__fake\/(\w+)$/);
    if (fake && req.method === 'POST') {
      const method = control[fake[1] as keyof typeof control] as
        | ((...args: unknown[]) => unknown)
        | undefined;
      if (typeof method !== 'function') return res.writeHead(404).end();
      const args = (raw ? JSON.parse(raw) : []) as unknown[];
      const result = method(
        ...args.map((a) =>
          a && typeof a === 'object' && 'at' in a
            ? { ...a, at: new Date(String((a as { at: string }).at)) }
            : a,
        ),
      );
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? null));
    }
    if (bot) {
      const params: Json = raw ? JSON.parse(raw) : {};
      state.botCalls.push({ method: bot[1] ?? '', params });
      const answer = (result: unknown) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
      const fail = (code = 400, description = 'Bad Request: chat not found') =>
        res
          .writeHead(code, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: false, error_code: code, description }));
      const chat = chatOf(params.chat_id);
      switch (bot[1]) {
        case 'getMe':
          return answer(FAKE_BOT);
        case 'getUpdates':
          return answer(await getUpdates(params));
        case 'setWebhook':
          webhook = {
            url: String(params.url),
            secret: params.secret_token ? String(params.secret_token) : undefined,
          };
          return answer(true);
        case 'deleteWebhook':
          webhook = null;
          return answer(true);
        case 'getChatMemberCount':
          return chat ? answer(chat.memberCount ?? 0) : fail();
        case 'createChatInviteLink': {
          if (!chat) return fail();
          if (!chat.botIsAdmin || !chat.botCanInvite)
            return fail(400, 'Bad Request: not enough rights to manage chat invite links');
          const link = {
            invite_link: `https://t.me/+fake${String(nextLink++).padStart(4, '0')}`,
            creator: FAKE_BOT,
            creates_join_request: false,
            is_primary: false,
            is_revoked: false,
            ...(params.name ? { name: String(params.name) } : {}),
          };
          links.set(link.invite_link, link);
          return answer(link);
        }
        case 'revokeChatInviteLink': {
          const link = links.get(String(params.invite_link));
          if (!chat || !link) return fail(400, 'Bad Request: INVITE_HASH_EXPIRED');
          link.is_revoked = true;
          return answer(link);
        }
        case 'sendMessage': {
          const chatId = Number(params.chat_id);
          if (state.blocked.has(chatId)) return fail(403, 'Forbidden: bot was blocked by the user');
          return answer({
            message_id: state.botCalls.length,
            date: seconds(),
            chat: { id: chatId, type: 'private' },
            text: params.text,
          });
        }
        case 'getChat':
          if (!chat || (chat.kind === 'user' && !chat.botKnows)) return fail();
          return answer(
            chat.kind === 'user'
              ? { id: chat.id, type: 'private', first_name: chat.title, username: chat.username }
              : {
                  id: chat.id,
                  type: chat.kind === 'group' ? 'supergroup' : 'channel',
                  title: chat.title,
                  username: chat.username,
                },
          );
        case 'getChatMember':
          if (!chat) return fail();
          return answer(
            chat.botIsAdmin ? adminRights(chat.botCanInvite ?? false) : { status: 'left', user: FAKE_BOT },
          );
        default:
          return fail();
      }
    }
    const channelFeed = url.pathname.match(/^\/s\/([^/]+)\/?$/);
    if (channelFeed) return feed.serve(decodeURIComponent(channelFeed[1] ?? ''), url.searchParams, res);
    const avatar = url.pathname.match(/^\/avatar\/(\w+)\.svg$/);
    if (avatar) {
      const letter = byName.get(avatar[1]?.toLowerCase() ?? '')?.title.slice(0, 1) ?? '?';
      res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end(
          `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="#4f46e5"/><text x="80" y="104" font-size="72" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`,
        );
      return;
    }
    const chat = byName.get(url.pathname.slice(1).toLowerCase());
    const image = chat?.image?.startsWith('/') ? `${base}${chat.image}` : chat?.image;
    const page = chat
      ? `<html><head><meta property="og:title" content="${chat.title.replaceAll('"', '&quot;')}">
         <meta property="og:image" content="${image ?? ''}"></head>
         <body><div class="tgme_page_title"><span dir="auto">${chat.title}</span></div>
         <div class="tgme_page_extra">${extraLine(chat)}</div></body></html>`
      : `<html><head><meta property="og:title" content="Telegram: Contact @${url.pathname.slice(1)}"></head>
         <body><div class="tgme_page_description">If you have Telegram, you can contact right away.</div></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  let base = '';
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    state,
    ...control,
    deliverWebhook,
    /** Preview pages only (no bot token). */
    env: { TELEGRAM_PREVIEW_ROOT: base, TELEGRAM_API_ROOT: base, TELEGRAM_TIMEOUT_MS: '1000' },
    /** With a bot: the Bot API is asked first. */
    botEnv: {
      TELEGRAM_PREVIEW_ROOT: base,
      TELEGRAM_API_ROOT: base,
      TELEGRAM_TIMEOUT_MS: '1000',
      TELEGRAM_BOT_TOKEN: '123:TEST',
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
