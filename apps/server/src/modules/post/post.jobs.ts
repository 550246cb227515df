import { readPostLink } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { enqueue, type Job, type JobContext } from '../../jobs/queue.js';
import { remindOfPost } from '../reminders/reminders.service.js';
import { type PreviewFeed, PreviewRateLimited } from '../telegram/index.js';
import { feedUntilOf, nextCheckOf, topUntilOf, WATCH_DAYS } from './post.facts.js';
import * as repo from './post.repository.js';

// The post watcher (issue 36, docs/decisions/031). A round every few minutes finds the posts due to be read and asks
// for one reading of each of their channels; a reading fetches the channel's public page once and keeps what it says of
// every watched post on it, of every team. Politely: a channel's page at most once in ten minutes, and after a 429 or a
// failure not before the pause it earned.

const ROUND_MS = 5 * 60_000;
/** A channel's page is read at most this often, however many posts and refreshes ask for it. */
export const CHANNEL_GAP_MS = 10 * 60_000;
const PAGE = 500;
/** A preview page lists this many posts: a reading that came back shorter reached the channel's newest post. */
const FEED_PAGE = 20;
/** The pause after a failed reading: 1, 2, 4… minutes, at most an hour. */
const failurePauseMs = (failures: number) => Math.min(60_000 * 2 ** failures, 60 * 60_000);

const READ = 'post.read';

type Address = { username: string; messageId: number };
const addressOf = (link: string | null): Address | undefined => {
  const address = link ? readPostLink(link) : undefined;
  return address && { username: address.username.toLowerCase(), messageId: address.messageId };
};

/** Readings of the row's link so far; none while its row is of another link. */
const readingsOf = (post: repo.WatchedPost) =>
  post.rowLink === post.link
    ? post
    : {
        publishedAt: null,
        displacedAt: null,
        deletedAt: null,
        checkedAt: null,
        seenAt: null,
        refreshAt: null,
      };

/**
 * Asks for a reading of the channel's page as soon as it may be read; answers when that is. Keyed by the channel and
 * that time: the round and the refreshes of one moment ask once.
 */
export async function scheduleRead(db: Db, username: string, now: Date) {
  const pace = await repo.paceOf(db, username);
  const times = [now.getTime()];
  if (pace?.readAt) times.push(pace.readAt.getTime() + CHANNEL_GAP_MS);
  if (pace?.pausedUntil) times.push(pace.pausedUntil.getTime());
  const at = new Date(Math.max(...times));
  await enqueue(db, { kind: READ, key: `${username}:${at.toISOString()}`, payload: { username }, runAt: at });
  return at;
}

/** Every watched post, page by page, each page handed to `visit`. */
async function forEachWatched(
  db: Db,
  now: Date,
  username: string | undefined,
  visit: (posts: repo.WatchedPost[]) => Promise<void>,
) {
  const since = new Date(now.getTime() - WATCH_DAYS * 86_400_000);
  let after: { placementAt: Date; teamId: number; dealId: number } | undefined;
  for (;;) {
    const page = await repo.watchedPosts(db, since, after, PAGE, username);
    await visit(page);
    const last = page.at(-1);
    if (!last || page.length < PAGE) return;
    after = last;
  }
}

/** The round: starts the rows of new links and asks for a reading of each channel with a post due. */
export const postRoundJob: Job = {
  kind: 'post.round',
  everyMs: ROUND_MS,
  transactional: () => true,
  async run(ctx) {
    const now = ctx.now();
    const due = new Set<string>();
    await forEachWatched(ctx.db, now, undefined, async (posts) => {
      const fresh: { teamId: number; dealId: number; link: string }[] = [];
      for (const post of posts) {
        const address = addressOf(post.link);
        if (!post.link || !address) continue;
        if (post.rowLink !== post.link)
          fresh.push({ teamId: post.teamId, dealId: post.dealId, link: post.link });
        const next = nextCheckOf(post, readingsOf(post));
        if (next && next <= now) due.add(address.username);
      }
      await repo.startPosts(ctx.db, fresh);
    });
    for (const username of due) await scheduleRead(ctx.db, username, now);
  },
};

/** What the page says of one post: seen, gone, or nothing (the page did not reach it). */
function observe(feed: NonNullable<PreviewFeed>, messageId: number): repo.Observation | undefined {
  const mine = feed.posts.find((post) => post.messageId === messageId);
  const newer = feed.posts.filter((post) => post.messageId > messageId);
  if (mine) {
    const newerAt = newer.reduce<Date | null>(
      (first, post) => (!first || post.publishedAt < first ? post.publishedAt : first),
      null,
    );
    return { seen: true, publishedAt: mine.publishedAt, text: mine.text, views: mine.views, newerAt };
  }
  // Gone: newer posts are there without it, or the page ends (it listed the channel's newest) before reaching it.
  // An empty page proves nothing: the channel may have hidden its history.
  if (newer.length > 0 || (feed.posts.length > 0 && feed.posts.length < FEED_PAGE)) return { seen: false };
  return undefined;
}

/** A purchase's person hears of a post pushed out of its top, or deleted before its time, once each. */
async function remindOfBrokenTerms(ctx: JobContext, post: repo.WatchedPost, after: repo.Observed) {
  if (post.kind !== 'purchase' || post.cancelled || !after) return;
  const readings = { ...readingsOf(post), ...after };
  const topUntil = topUntilOf(post, readings);
  const feedUntil = feedUntilOf(post, readings);
  const key = { teamId: post.teamId, dealId: post.dealId };
  if (after.displacedAt && topUntil && after.displacedAt < topUntil)
    await remindOfPost(ctx.db, { ...key, event: 'post_displaced', at: after.displacedAt });
  if (after.deletedAt && (!feedUntil || after.deletedAt < feedUntil))
    await remindOfPost(ctx.db, { ...key, event: 'post_deleted', at: after.deletedAt });
}

/** One reading of a channel's page for every watched post in it that is due. */
export const postReadJob: Job<{ username: string }> = {
  kind: READ,
  async run(ctx, { username }) {
    const now = ctx.now();
    const due: (repo.WatchedPost & Address & { link: string })[] = [];
    await forEachWatched(ctx.db, now, username, async (posts) => {
      for (const post of posts) {
        const address = addressOf(post.link);
        const next = post.rowLink === post.link ? nextCheckOf(post, post) : null;
        if (post.link && address && next && next <= now) due.push({ ...post, ...address, link: post.link });
      }
    });
    if (due.length === 0 || !(await repo.takeTurn(ctx.db, username, now, CHANNEL_GAP_MS))) return;
    let feed: PreviewFeed;
    try {
      feed = await ctx.telegram.channelFeed(username, Math.min(...due.map((post) => post.messageId)) - 1);
    } catch (error) {
      const pace = await repo.paceOf(ctx.db, username);
      const pauseMs =
        error instanceof PreviewRateLimited
          ? error.retryAfterSeconds * 1000
          : failurePauseMs(pace?.failures ?? 0);
      await repo.setPause(ctx.db, username, new Date(now.getTime() + pauseMs));
      ctx.log.warn({ err: error, username, pauseMs }, 'a channel preview page was not read');
      return;
    }
    await repo.setPause(ctx.db, username, null);
    for (const post of due) {
      // Each post's reading commits on its own: one deal's trouble does not lose the others'.
      await ctx.db.transaction(async (tx) => {
        const observation = feed && observe(feed, post.messageId);
        if (!observation) {
          await repo.markChecked(tx, post, now);
          return;
        }
        const after = await repo.recordReading(tx, post, observation, now);
        await remindOfBrokenTerms({ ...ctx, db: tx }, post, after);
      });
    }
  },
};

/** The post watcher's jobs, for the worker's registry. */
export const postJobs = [postRoundJob, postReadJob] as const;
