import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** `image`: an absolute address, or a path such as '/avatar/x.svg' that this fake serves itself (a coloured letter). */
export type FakeChat = { id: number; title: string; username: string; image?: string; botIsAdmin?: boolean };

/**
 * A local Telegram: the Bot API methods AdDesk calls (getMe, getChat, getChatMember) under /bot<token>/, and public
 * preview pages at /<username> shaped like t.me's. `mode` makes it fail ('down') or hang past timeouts ('slow').
 */
export async function startFakeTelegram(chats: FakeChat[], port = 0) {
  const byName = new Map(chats.map((c) => [c.username.toLowerCase(), c]));
  const state = { mode: 'up' as 'up' | 'down' | 'slow', calls: [] as string[] };

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
    if (bot) {
      const params = raw ? JSON.parse(raw) : {};
      const answer = (result: unknown) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
      const fail = () =>
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: false, error_code: 400, description: 'Bad Request: chat not found' }));
      const chat =
        byName.get(
          String(params.chat_id ?? '')
            .replace(/^@/, '')
            .toLowerCase(),
        ) ?? chats.find((c) => c.id === params.chat_id);
      switch (bot[1]) {
        case 'getMe':
          return answer({ id: 777, is_bot: true, first_name: 'AdDesk', username: 'addesk_bot' });
        case 'getChat':
          return chat
            ? answer({ id: chat.id, type: 'channel', title: chat.title, username: chat.username })
            : fail();
        case 'getChatMember':
          if (!chat) return fail();
          return answer(
            chat.botIsAdmin
              ? { status: 'administrator', user: { id: 777 }, can_post_messages: true }
              : { status: 'left', user: { id: 777 } },
          );
        default:
          return fail();
      }
    }
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
         <div class="tgme_page_extra">12 345 subscribers</div></body></html>`
      : `<html><head><meta property="og:title" content="Telegram: Contact @${url.pathname.slice(1)}"></head>
         <body><div class="tgme_page_description">If you have Telegram, you can contact right away.</div></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  let base = '';
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    state,
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
