import type { DealKind } from '@addesk/contract';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  channels,
  costPerSubscriberOf,
  dealPosts,
  deals,
  externalChannels,
  inviteLinks,
  postViews,
  previewChannels,
} from '../../db/schema/index.js';
import { cancelledStatus, liveDeal } from '../../db/team-record.js';

// A deal's post as read and kept (docs/decisions/031): the deal's link and terms, what was read of the post, its
// readings of views, its report link, and the preview pages' pace per channel.

/** The lower-case username of a deal's post link (`https://t.me/<username>/<id>`), in SQL. */
const linkUsername = sql<string>`lower(split_part(${deals.postLink}, '/', 4))`;

const postColumns = {
  teamId: deals.teamId,
  dealId: deals.id,
  kind: deals.kind,
  channelId: deals.channelId,
  employeeId: deals.employeeId,
  price: deals.price,
  placementAt: deals.placementAt,
  hoursInTop: deals.hoursInTop,
  durationType: deals.durationType,
  duration: deals.duration,
  link: deals.postLink,
  cancelled: sql<boolean>`${cancelledStatus(deals.statusId)}`,
  // Read for the deal's current link only: a row left by an earlier link counts as nothing read.
  publishedAt: dealPosts.publishedAt,
  text: dealPosts.text,
  firstText: dealPosts.firstText,
  editedAt: dealPosts.editedAt,
  displacedAt: dealPosts.displacedAt,
  deletedAt: dealPosts.deletedAt,
  checkedAt: dealPosts.checkedAt,
  seenAt: dealPosts.seenAt,
  refreshAt: dealPosts.refreshAt,
  foundByBot: sql<boolean>`coalesce(${dealPosts.foundByBot}, false)`,
  rowLink: dealPosts.link,
};

const joinPost = and(
  eq(dealPosts.teamId, deals.teamId),
  eq(dealPosts.dealId, deals.id),
  eq(dealPosts.link, deals.postLink),
);

/** A live deal of the team with its post as read; undefined: no such live deal (another team's is the same). */
export async function findDealPost(db: Db, teamId: number, kind: DealKind, dealId: number) {
  const [row] = await db
    .select({
      ...postColumns,
      channelName: channels.name,
      channelUsername: channels.telegramNickName,
      externalName: externalChannels.name,
      // The same figure as the purchases list's, and only with an invite link, as there.
      costPerSubscriber: sql<
        string | null
      >`case when ${inviteLinks.dealId} is not null then ${costPerSubscriberOf(deals.price, deals.subscribersJoined)} end`,
    })
    .from(deals)
    .innerJoin(channels, and(eq(channels.teamId, deals.teamId), eq(channels.id, deals.channelId)))
    .leftJoin(
      externalChannels,
      and(eq(externalChannels.teamId, deals.teamId), eq(externalChannels.id, deals.externalChannelId)),
    )
    .leftJoin(dealPosts, joinPost)
    .leftJoin(inviteLinks, and(eq(inviteLinks.teamId, deals.teamId), eq(inviteLinks.dealId, deals.id)))
    .where(and(eq(deals.teamId, teamId), eq(deals.kind, kind), eq(deals.id, dealId), liveDeal(deals)));
  return row;
}
export type DealPostRow = NonNullable<Awaited<ReturnType<typeof findDealPost>>>;

/** A post's readings of views, oldest first (a reading every few hours for weeks at most: a few dozen rows). */
export function viewsOf(db: Db, teamId: number, dealId: number) {
  return db
    .select({ at: postViews.at, views: postViews.views })
    .from(postViews)
    .where(and(eq(postViews.teamId, teamId), eq(postViews.dealId, dealId)))
    .orderBy(asc(postViews.at))
    .limit(1000);
}

/**
 * Makes the deal's post row the current link's: a missing row is added, a row of another link is started again
 * (its readings of views deleted with it). `found` marks a link the bot found, with what it saw of the post.
 */
export async function startPost(
  db: Db,
  teamId: number,
  dealId: number,
  link: string,
  found?: { publishedAt: Date; text: string },
) {
  const [row] = await db
    .select({ link: dealPosts.link })
    .from(dealPosts)
    .where(and(eq(dealPosts.teamId, teamId), eq(dealPosts.dealId, dealId)))
    .for('update');
  if (row?.link === link && !found) return;
  const fresh = {
    link,
    foundByBot: found !== undefined,
    publishedAt: found?.publishedAt ?? null,
    firstText: found?.text ?? null,
    text: found?.text ?? null,
    editedAt: null,
    displacedAt: null,
    deletedAt: null,
    checkedAt: null,
    seenAt: null,
    refreshAt: null,
  };
  if (row?.link !== link) {
    await db.delete(postViews).where(and(eq(postViews.teamId, teamId), eq(postViews.dealId, dealId)));
  }
  await db
    .insert(dealPosts)
    .values({ teamId, dealId, ...fresh })
    .onConflictDoUpdate({
      target: [dealPosts.teamId, dealPosts.dealId],
      // The bot's sight of a post already being read adds what it saw and keeps what was read.
      set:
        row?.link === link
          ? { foundByBot: true, publishedAt: fresh.publishedAt, firstText: fresh.firstText }
          : fresh,
    });
}

/**
 * `startPost` for many deals at once (the round's new links), in two statements: their readings of views of another
 * link deleted, their rows added or started again. A row the bot started for the same link meanwhile is kept.
 */
export async function startPosts(db: Db, posts: readonly { teamId: number; dealId: number; link: string }[]) {
  if (posts.length === 0) return;
  const wanted = sql.join(
    posts.map((post) => sql`(${post.teamId}::bigint, ${post.dealId}::bigint, ${post.link}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    with wanted(team_id, deal_id, link) as (values ${wanted})
    delete from ${postViews} v using wanted w
    where v.team_id = w.team_id and v.deal_id = w.deal_id
      and not exists (select 1 from ${dealPosts} p
        where p.team_id = w.team_id and p.deal_id = w.deal_id and p.link = w.link)`);
  await db.execute(sql`
    insert into ${dealPosts} (team_id, deal_id, link)
    select team_id, deal_id, link from (values ${wanted}) as wanted(team_id, deal_id, link)
    on conflict (team_id, deal_id) do update set link = excluded.link, found_by_bot = false, published_at = null,
      first_text = null, text = null, edited_at = null, displaced_at = null, deleted_at = null, checked_at = null,
      seen_at = null, refresh_at = null
    where ${dealPosts}.link is distinct from excluded.link`);
}

export async function askRefresh(db: Db, teamId: number, dealId: number, at: Date) {
  await db
    .update(dealPosts)
    .set({ refreshAt: at })
    .where(and(eq(dealPosts.teamId, teamId), eq(dealPosts.dealId, dealId)));
}

/**
 * The watcher's round: every team's live deals with a post link placed within the window, a page at a time in
 * (placement, team, id) order (deals_post_watch_idx). Across teams: the preview page of a channel serves them all.
 */
export function watchedPosts(
  db: Db,
  since: Date,
  after: { placementAt: Date; teamId: number; dealId: number } | undefined,
  limit: number,
  username?: string,
) {
  const conditions: (SQL | undefined)[] = [
    sql`${deals.postLink} is not null`,
    liveDeal(deals),
    gt(deals.placementAt, since),
    username === undefined ? undefined : eq(linkUsername, username),
    after &&
      sql`(${deals.placementAt}, ${deals.teamId}, ${deals.id}) > (${after.placementAt}, ${after.teamId}, ${after.dealId})`,
  ];
  return db
    .select(postColumns)
    .from(deals)
    .leftJoin(dealPosts, joinPost)
    .where(and(...conditions))
    .orderBy(asc(deals.placementAt), asc(deals.teamId), asc(deals.id))
    .limit(limit);
}
export type WatchedPost = Awaited<ReturnType<typeof watchedPosts>>[number];

/** What one reading of the channel's page found of a post. */
export type Observation =
  | {
      seen: true;
      publishedAt: Date;
      text: string;
      views: number | null;
      /** When the first newer post of the channel went out, if any is on the page. */
      newerAt: Date | null;
    }
  | { seen: false };

/**
 * Keeps one reading of a post: its views as a reading and on the deal (the lists' CPM), its time, text and the first
 * newer post, or that it is gone. Only while the deal still has this link. Answers the row as it is after.
 */
export async function recordReading(
  db: Db,
  post: { teamId: number; dealId: number; link: string },
  observation: Observation,
  now: Date,
) {
  const key = and(
    eq(dealPosts.teamId, post.teamId),
    eq(dealPosts.dealId, post.dealId),
    eq(dealPosts.link, post.link),
  );
  const changes = observation.seen
    ? {
        checkedAt: now,
        seenAt: now,
        refreshAt: null,
        publishedAt: observation.publishedAt,
        text: observation.text,
        firstText: sql`coalesce(${dealPosts.firstText}, ${observation.text})`,
        editedAt: sql`case when ${dealPosts.editedAt} is null and ${dealPosts.firstText} is distinct from ${observation.text}
          and ${dealPosts.firstText} is not null then ${now.toISOString()}::timestamptz else ${dealPosts.editedAt} end`,
        displacedAt: sql`coalesce(${dealPosts.displacedAt}, ${observation.newerAt?.toISOString() ?? null}::timestamptz)`,
      }
    : {
        checkedAt: now,
        refreshAt: null,
        deletedAt: sql`coalesce(${dealPosts.deletedAt}, ${now.toISOString()}::timestamptz)`,
      };
  const [row] = await db
    .update(dealPosts)
    .set(changes)
    .where(key)
    .returning({ displacedAt: dealPosts.displacedAt, deletedAt: dealPosts.deletedAt });
  if (!row || !observation.seen || observation.views === null) return row;
  await db
    .insert(postViews)
    .values({ teamId: post.teamId, dealId: post.dealId, at: now, views: observation.views })
    .onConflictDoNothing();
  await db
    .update(deals)
    .set({ postViews: observation.views })
    .where(and(eq(deals.teamId, post.teamId), eq(deals.id, post.dealId), eq(deals.postLink, post.link)));
  return row;
}

/** Marks the posts a reading could not cover as read now, so they wait for their next checkpoint. */
export async function markChecked(db: Db, post: { teamId: number; dealId: number; link: string }, now: Date) {
  await db
    .update(dealPosts)
    .set({ checkedAt: now, refreshAt: null })
    .where(
      and(
        eq(dealPosts.teamId, post.teamId),
        eq(dealPosts.dealId, post.dealId),
        eq(dealPosts.link, post.link),
      ),
    );
}

/** A channel's pace: when its page was last read and until when it must not be. */
export async function paceOf(db: Db, username: string) {
  const [row] = await db.select().from(previewChannels).where(eq(previewChannels.username, username));
  return row;
}

/**
 * Takes the channel's turn: true for the one reader that may read it now (read longer ago than `gapMs`, not
 * paused), and marks it read, so two workers never read one channel at once.
 */
export async function takeTurn(db: Db, username: string, now: Date, gapMs: number) {
  const since = new Date(now.getTime() - gapMs);
  const rows = await db
    .insert(previewChannels)
    .values({ username, readAt: now })
    .onConflictDoUpdate({
      target: previewChannels.username,
      set: { readAt: now },
      setWhere: and(
        sql`(${previewChannels.readAt} is null or ${previewChannels.readAt} <= ${since.toISOString()}::timestamptz)`,
        sql`(${previewChannels.pausedUntil} is null or ${previewChannels.pausedUntil} <= ${now.toISOString()}::timestamptz)`,
      ),
    })
    .returning({ username: previewChannels.username });
  return rows.length > 0;
}

/** After a refusal or a failure: not before `until`; after a good reading: no pause. */
export async function setPause(db: Db, username: string, until: Date | null) {
  await db
    .update(previewChannels)
    .set(
      until
        ? { pausedUntil: until, failures: sql`${previewChannels.failures} + 1` }
        : { pausedUntil: null, failures: 0 },
    )
    .where(eq(previewChannels.username, username));
}

export type Observed = Awaited<ReturnType<typeof recordReading>>;
