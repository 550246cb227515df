import type { ServerResponse } from 'node:http';

/** A post on a fake channel's page; `views: null` leaves the views out, as a page without them. */
export type FakePost = { id: number; date: Date; text: string; views: number | null; edited: boolean };

type NewPost = { id?: number; date?: Date | string; text?: string; views?: number | null };

const PAGE = 20;

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Views the way Telegram writes them: 987, 1.2K, 15.3K, 12K, 1.1M (cut, not rounded, to one decimal). */
export function formatViews(views: number): string {
  // Whole tenths first: 15300 / 1000 * 10 may land a hair below 153 in floating point.
  const short = (unit: number, letter: string) => `${Math.floor(views / (unit / 10)) / 10}${letter}`;
  if (views < 1000) return String(views);
  return views < 1_000_000 ? short(1000, 'K') : short(1_000_000, 'M');
}

const isoWithOffset = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

function messageHtml(username: string, post: FakePost) {
  const text = post.text
    ? `<div class="tgme_widget_message_text js-message_text" dir="auto">${escapeHtml(post.text).replaceAll('\n', '<br/>')}</div>`
    : '';
  const views =
    post.views === null
      ? ''
      : `<span class="tgme_widget_message_views">${formatViews(post.views)}</span><span class="copyonly"> views</span>`;
  const link = `https://t.me/${username}/${post.id}`;
  return `<div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tgme_widget_message text_not_supported_wrap js-widget_message" data-post="${username}/${post.id}" data-view="fake">
  <div class="tgme_widget_message_bubble">
    <div class="tgme_widget_message_author accent_color"><a class="tgme_widget_message_owner_name" href="https://t.me/${username}"><span dir="auto">${username}</span></a></div>
    ${text}
    <div class="tgme_widget_message_footer compact js-message_footer"><div class="tgme_widget_message_info short js-message_info">${views}<span class="tgme_widget_message_meta">${post.edited ? 'edited ' : ''}<a class="tgme_widget_message_date" href="${link}"><time datetime="${isoWithOffset(post.date)}" class="time">${post.date.toISOString().slice(11, 16)}</time></a></span></div></div>
  </div>
</div></div>`;
}

/**
 * Public channels' preview pages, `/s/<username>` shaped like t.me's: the latest 20 posts, or 20 after (`?after=N`) or
 * before (`?before=N`) an id, oldest first. A name without posts ever added is sent to its contact page, as t.me does
 * for a name that is no public channel.
 */
export function createFakeFeed() {
  const channels = new Map<string, { username: string; posts: Map<number, FakePost>; nextId: number }>();
  const requests = new Map<string, number>();
  let limited = { times: 0, retryAfterSeconds: 30 };

  function postOf(username: string, id: number) {
    const post = channels.get(username.toLowerCase())?.posts.get(id);
    if (!post) throw new Error(`fake Telegram: no post ${username}/${id}`);
    return post;
  }

  const controls = {
    /** Publishes a post (the next id of the channel unless given; now unless dated); answers its id. */
    addPost(username: string, post: NewPost = {}) {
      const key = username.toLowerCase();
      const channel = channels.get(key) ?? { username, posts: new Map(), nextId: 1 };
      channels.set(key, channel);
      const id = post.id ?? channel.nextId;
      channel.nextId = Math.max(channel.nextId, id + 1);
      channel.posts.set(id, {
        id,
        date: post.date === undefined ? new Date() : new Date(post.date),
        text: post.text ?? '',
        views: post.views === undefined ? 0 : post.views,
        edited: false,
      });
      return id;
    },
    editPost(username: string, id: number, text: string) {
      const post = postOf(username, id);
      post.text = text;
      post.edited = true;
    },
    removePost(username: string, id: number) {
      postOf(username, id);
      channels.get(username.toLowerCase())?.posts.delete(id);
    },
    setViews(username: string, id: number, views: number | null) {
      postOf(username, id).views = views;
    },
    /** The next `times` feed requests answer 429 with Retry-After. */
    rateLimitFeed(times: number, retryAfterSeconds = 30) {
      limited = { times, retryAfterSeconds };
    },
    /** How many feed requests reached the fake, for one channel or in all. */
    feedRequests(username?: string) {
      if (username !== undefined) return requests.get(username.toLowerCase()) ?? 0;
      return [...requests.values()].reduce((sum, count) => sum + count, 0);
    },
  };

  function pageOf(channel: { username: string; posts: Map<number, FakePost> }, query: URLSearchParams) {
    const all = [...channel.posts.values()].sort((a, b) => a.id - b.id);
    const after = Number.parseInt(query.get('after') ?? '', 10);
    const before = Number.parseInt(query.get('before') ?? '', 10);
    const shown = Number.isFinite(after)
      ? all.filter((post) => post.id > after).slice(0, PAGE)
      : Number.isFinite(before)
        ? all.filter((post) => post.id < before).slice(-PAGE)
        : all.slice(-PAGE);
    const name = escapeHtml(channel.username);
    return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${name} – Telegram</title><meta property="og:title" content="${name}"></head>
<body class="widget_frame_base tgme_webpreview">
<header class="tgme_header"><div class="tgme_header_title"><span dir="auto">${name}</span></div></header>
<main class="tgme_main"><div class="tgme_container">
<section class="tgme_channel_history js-message_history">
${shown.map((post) => messageHtml(channel.username, post)).join('\n')}
</section>
</div></main></body></html>`;
  }

  /** Answers a request for `/s/<username>`. */
  function serve(username: string, query: URLSearchParams, res: ServerResponse) {
    const key = username.toLowerCase();
    requests.set(key, (requests.get(key) ?? 0) + 1);
    if (limited.times > 0) {
      limited.times -= 1;
      res.writeHead(429, { 'retry-after': String(limited.retryAfterSeconds) }).end('Too Many Requests');
      return;
    }
    const channel = channels.get(key);
    if (!channel) {
      res.writeHead(302, { location: `/${encodeURIComponent(username)}` }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageOf(channel, query));
  }

  return { controls, serve };
}
