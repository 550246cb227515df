import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTelegramClient,
  PreviewRateLimited,
  PreviewUnavailable,
  parseViews,
  readChannelFeed,
} from '../../../src/modules/telegram/index.js';
import { parseChannelFeed } from '../../../src/modules/telegram/preview-feed.js';
import { startFakeTelegram } from '../../helpers/fake-telegram.js';
import { formatViews } from '../../helpers/fake-telegram-feed.js';

// Issue 36: a public channel's posts, their text and views, read from its preview page `/s/<username>`.

type Fake = Awaited<ReturnType<typeof startFakeTelegram>>;

const at = (iso: string) => new Date(iso);

describe('views as the preview page writes them', () => {
  it('reads plain numbers, thousands and millions, and nothing else', () => {
    const cases: [string | undefined, number | null][] = [
      ['987', 987],
      ['0', 0],
      ['1.2K', 1200],
      ['15.3K', 15_300],
      ['12K', 12_000],
      ['1.1M', 1_100_000],
      ['2M', 2_000_000],
      [' 4.5k ', 4500],
      ['', null],
      ['views', null],
      ['1,2K', null],
      ['1.2B', null],
      [undefined, null],
    ];
    for (const [text, views] of cases) expect(parseViews(text), String(text)).toBe(views);
  });

  it('reads back what the fake writes', () => {
    for (const views of [0, 999, 1000, 1200, 1299, 12_000, 15_300, 999_999, 1_100_000, 12_345_678])
      expect(parseViews(formatViews(views)), String(views)).toBe(
        views < 1000 ? views : views < 1e6 ? Math.floor(views / 100) * 100 : Math.floor(views / 1e5) * 1e5,
      );
    expect([formatViews(987), formatViews(15_300), formatViews(12_000), formatViews(1_100_000)]).toEqual([
      '987',
      '15.3K',
      '12K',
      '1.1M',
    ]);
  });
});

describe('a channel feed read from the preview page', () => {
  let fake: Fake;
  let root: string;
  const read = (username: string, after?: number, timeoutMs = 1000) =>
    readChannelFeed({ previewRoot: root, timeoutMs }, username, after);

  beforeAll(async () => {
    fake = await startFakeTelegram([]);
    root = fake.env.TELEGRAM_PREVIEW_ROOT;
  });
  afterAll(() => fake.close());

  it('reads each post: its time, its text with line breaks and entities, its views', async () => {
    const first = fake.addPost('News_Channel', {
      date: at('2026-11-20T12:00:00Z'),
      text: 'Реклама: <лучший> канал & "друзья"\nподписывайтесь\n\nссылка в профиле',
      views: 987,
    });
    const photo = fake.addPost('news_channel', { date: at('2026-11-20T13:30:00Z'), views: 15_300 });
    const popular = fake.addPost('news_channel', {
      date: at('2026-11-21T09:15:00Z'),
      text: '  Большой пост  ',
      views: 1_100_000,
    });
    const hidden = fake.addPost('news_channel', {
      date: at('2026-11-21T10:00:00Z'),
      text: 'без счётчика',
      views: null,
    });
    fake.addPost('other_channel', { text: 'чужой пост' });

    const feed = await read('news_channel');
    expect(feed).toEqual({
      posts: [
        {
          messageId: first,
          publishedAt: at('2026-11-20T12:00:00Z'),
          text: 'Реклама: <лучший> канал & "друзья"\nподписывайтесь\n\nссылка в профиле',
          views: 987,
        },
        { messageId: photo, publishedAt: at('2026-11-20T13:30:00Z'), text: '', views: 15_300 },
        {
          messageId: popular,
          publishedAt: at('2026-11-21T09:15:00Z'),
          text: 'Большой пост',
          views: 1_100_000,
        },
        { messageId: hidden, publishedAt: at('2026-11-21T10:00:00Z'), text: 'без счётчика', views: null },
      ],
    });
    // The name is the channel's in any case, through the client the jobs are given too.
    const client = createTelegramClient({
      apiRoot: root,
      previewRoot: `${root}/`,
      oauthRoot: root,
      timeoutMs: 1000,
    });
    expect(await client.channelFeed('NEWS_CHANNEL')).toEqual(feed);
    expect(fake.feedRequests('news_channel')).toBe(2);
  });

  it('pages with after=, follows edits, views and removals', async () => {
    const ids = Array.from({ length: 25 }, (_, i) =>
      fake.addPost('long_channel', {
        date: new Date(Date.UTC(2026, 10, 1, i)),
        text: `пост ${i + 1}`,
        views: i * 1000,
      }),
    );
    expect(ids[0]).toBe(1);
    const latest = await read('long_channel');
    expect(latest?.posts.map((post) => post.messageId)).toEqual(ids.slice(5));
    const early = await read('long_channel', 0);
    expect(early?.posts.map((post) => post.messageId)).toEqual(ids.slice(0, 20));
    const after = await read('long_channel', 22);
    expect(after?.posts.map((post) => [post.messageId, post.text, post.views])).toEqual([
      [23, 'пост 23', 22_000],
      [24, 'пост 24', 23_000],
      [25, 'пост 25', 24_000],
    ]);

    fake.editPost('long_channel', 24, 'пост 24, исправленный\nвторой строкой');
    fake.setViews('long_channel', 24, 15_349);
    fake.removePost('long_channel', 23);
    const changed = await read('long_channel', 22);
    expect(changed?.posts).toEqual([
      {
        messageId: 24,
        publishedAt: new Date(Date.UTC(2026, 10, 1, 23)),
        text: 'пост 24, исправленный\nвторой строкой',
        views: 15_300,
      },
      { messageId: 25, publishedAt: new Date(Date.UTC(2026, 10, 1, 24)), text: 'пост 25', views: 24_000 },
    ]);
    // Nothing after the newest: the channel is there, with no posts to show.
    expect(await read('long_channel', 25)).toEqual({ posts: [] });
    // Given ids are kept, and the next ones follow them.
    expect(fake.addPost('long_channel', { id: 100 })).toBe(100);
    expect(fake.addPost('long_channel')).toBe(101);
  });

  it('answers null for a name without a public channel feed', async () => {
    expect(await read('nobody_here')).toBeNull();
    expect(await read('nobody_here', 10)).toBeNull();
    expect(fake.feedRequests('nobody_here')).toBe(2);
    // A channel whose every post is gone still has its page.
    fake.addPost('emptied', { text: 'был' });
    fake.removePost('emptied', 1);
    expect(await read('emptied')).toEqual({ posts: [] });
  });

  it('throws PreviewRateLimited with Telegram’s pause, and reads again after it', async () => {
    fake.addPost('busy_channel', { text: 'пост' });
    fake.rateLimitFeed(2, 120);
    const limited = await read('busy_channel').catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(PreviewRateLimited);
    expect((limited as PreviewRateLimited).retryAfterSeconds).toBe(120);
    fake.rateLimitFeed(1, 99_999);
    await expect(read('busy_channel')).rejects.toMatchObject({ retryAfterSeconds: 3600 });
    expect((await read('busy_channel'))?.posts).toHaveLength(1);
    expect(fake.feedRequests('busy_channel')).toBe(3);
  });

  it('throws PreviewUnavailable when Telegram is down, too slow, or not there', async () => {
    fake.addPost('steady_channel', { text: 'пост' });
    fake.state.mode = 'down';
    await expect(read('steady_channel')).rejects.toBeInstanceOf(PreviewUnavailable);
    fake.state.mode = 'slow';
    const started = Date.now();
    await expect(read('steady_channel', undefined, 200)).rejects.toBeInstanceOf(PreviewUnavailable);
    expect(Date.now() - started).toBeLessThan(2000);
    fake.state.mode = 'up';
    expect((await read('steady_channel'))?.posts).toHaveLength(1);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      readChannelFeed({ previewRoot: `http://127.0.0.1:${port}`, timeoutMs: 1000 }, 'steady_channel'),
    ).rejects.toBeInstanceOf(PreviewUnavailable);
  });
});

describe('the preview page’s redirects', () => {
  const server = createServer((req, res) => {
    const moved: Record<string, string> = {
      '/s/Moved': '/s/moved',
      '/s/away': '/away',
      '/s/elsewhere': 'http://example.invalid/s/x',
    };
    const location = moved[req.url ?? ''];
    if (location) return res.writeHead(302, { location }).end();
    if (req.url === '/s/loop') return res.writeHead(301, { location: '/s/loop' }).end();
    if (req.url === '/s/broken') return res.writeHead(500).end();
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<main><section class="tgme_channel_history js-message_history"></section></main>');
  });
  let root = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('follows one within /s/, and takes one away from it (or anywhere else) for no feed', async () => {
    const read = (name: string) => readChannelFeed({ previewRoot: root, timeoutMs: 1000 }, name);
    expect(await read('Moved')).toEqual({ posts: [] });
    expect(await read('away')).toBeNull();
    expect(await read('elsewhere')).toBeNull();
    expect(await read('loop')).toBeNull();
    await expect(read('broken')).rejects.toBeInstanceOf(PreviewUnavailable);
  });
});

describe('a page in the real site’s shape', () => {
  const message = (post: string, inner: string) =>
    `<div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tgme_widget_message text_not_supported_wrap js-widget_message" data-post="${post}"><div class="tgme_widget_message_bubble">${inner}</div></div></div>`;
  const footer = (views: string, datetime: string) =>
    `<div class="tgme_widget_message_footer compact js-message_footer"><div class="tgme_widget_message_info short js-message_info"><span class="tgme_widget_message_views">${views}</span><span class="copyonly"> views</span><span class="tgme_widget_message_meta"><a class="tgme_widget_message_date" href="https://t.me/x/1"><time datetime="${datetime}" class="time">12:00</time></a></span></div></div>`;

  it('takes a message’s own text, not the one it replies to, and skips what is not a post of the channel', () => {
    const html = `<html><body><main class="tgme_main"><section class="tgme_channel_history js-message_history">
      ${message(
        'Shop/12',
        `<a class="tgme_widget_message_reply" href="https://t.me/shop/11"><div class="tgme_widget_message_author"><span class="tgme_widget_message_author_name">Shop</span></div><div class="tgme_widget_message_text js-message_reply_text" dir="auto">Старый пост</div></a>
         <div class="tgme_widget_message_text js-message_text" dir="auto">Ответ <b>жирным</b> <i class="emoji"><b>🔥</b></i><br/>и <a href="https://example.com">ссылка</a> &amp; &#8470;1&nbsp;!</div>
         ${footer('1.2K', '2026-11-20T15:00:00+03:00')}`,
      )}
      ${message('shop/10', `<div class="tgme_widget_message_text js-message_text">старее</div>${footer('', '2026-11-19T10:00:00+00:00')}`)}
      ${message('shop/13', `<div class="tgme_widget_message_text js-message_text">без времени</div>`)}
      ${message('shop/abc', footer('1', '2026-11-20T10:00:00+00:00'))}
      ${message('other/14', footer('1', '2026-11-20T10:00:00+00:00'))}
      ${message('shop/15', `${footer('', 'not a date')}`)}
    </section></main></body></html>`;
    expect(parseChannelFeed(html, 'shop')).toEqual({
      posts: [
        { messageId: 10, publishedAt: at('2026-11-19T10:00:00Z'), text: 'старее', views: null },
        {
          messageId: 12,
          publishedAt: at('2026-11-20T12:00:00Z'),
          text: 'Ответ жирным 🔥\nи ссылка & №1\u00a0!',
          views: 1200,
        },
      ],
    });
    expect(
      parseChannelFeed('<html><body><div class="tgme_page_title">Shop</div></body></html>', 'shop'),
    ).toBeNull();
  });
});
