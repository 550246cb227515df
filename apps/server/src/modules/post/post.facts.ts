import { cpmOf } from '@addesk/contract';

// What the readings of a post say about the deal's terms (docs/decisions/031): when to read it, and whether the agreed
// hours in the top and in the feed were kept. Pure: the deal's screen, its public report and the watcher's round all
// decide by these.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Readings after the post went out: its first hour, each of its first three days, and a week. */
const AFTER_HOURS = [1, 24, 48, 72, 168];
/** A term's end is read twice: just before it (still there?) and just after (what came after?). */
const BEFORE_END = 10 * MINUTE;
const AFTER_END = 5 * MINUTE;
/** A view count at 24 h is the first reading at or after the 24th hour, if it came within this. */
const VIEWS_AT_SLACK = 6 * HOUR;
/** Nothing is read of a post placed longer ago than this, whatever its terms: the watcher's window. */
export const WATCH_DAYS = 62;

export type Terms = {
  placementAt: Date;
  hoursInTop: number;
  durationType: 'INFINITY' | 'DAYS' | 'HOURS';
  duration: number | null;
};

/** What has been read of the post: `deal_posts` for the deal's current link. */
export type Readings = {
  publishedAt: Date | null;
  displacedAt: Date | null;
  deletedAt: Date | null;
  checkedAt: Date | null;
  seenAt: Date | null;
  refreshAt: Date | null;
};

const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

/** The post's time: as read, or the agreed placement until it is. */
const startOf = (terms: Terms, readings: Readings) => readings.publishedAt ?? terms.placementAt;

/** When the agreed hours in the top end; null when none were agreed. */
export const topUntilOf = (terms: Terms, readings: Readings) =>
  terms.hoursInTop > 0 ? plus(startOf(terms, readings), terms.hoursInTop * HOUR) : null;

/** When the agreed time in the feed ends; null for a post never to be removed. */
export function feedUntilOf(terms: Terms, readings: Readings) {
  if (terms.durationType === 'INFINITY' || terms.duration === null) return null;
  return plus(startOf(terms, readings), terms.duration * (terms.durationType === 'DAYS' ? 24 : 1) * HOUR);
}

/** Every moment the post is due to be read, in order, within the watcher's window. */
export function checkpointsOf(terms: Terms, readings: Readings): Date[] {
  const start = startOf(terms, readings);
  const ends = [topUntilOf(terms, readings), feedUntilOf(terms, readings)].filter((end) => end !== null);
  const last = start.getTime() + WATCH_DAYS * 24 * HOUR;
  const times = [
    ...AFTER_HOURS.map((hours) => start.getTime() + hours * HOUR),
    ...ends.flatMap((end) => [end.getTime() - BEFORE_END, end.getTime() + AFTER_END]),
  ].filter((time) => time > start.getTime() && time <= last);
  return [...new Set(times)].sort((a, b) => a - b).map((time) => new Date(time));
}

/** When the post is next to be read: a refresh asked for, or the first checkpoint not read yet; null: watching ended. */
export function nextCheckOf(terms: Terms, readings: Readings): Date | null {
  const { checkedAt, refreshAt } = readings;
  if (refreshAt && (!checkedAt || refreshAt > checkedAt)) return refreshAt;
  return checkpointsOf(terms, readings).find((at) => !checkedAt || at > checkedAt) ?? null;
}

/** Whether the agreed top was kept: false once pushed out or deleted before its end, true once read after its end. */
function topKeptOf(until: Date | null, readings: Readings) {
  if (!until) return null;
  const { displacedAt, deletedAt, checkedAt } = readings;
  if ((displacedAt && displacedAt < until) || (deletedAt && deletedAt < until)) return false;
  return checkedAt && checkedAt >= until ? true : null;
}

/**
 * Whether the agreed feed time was kept: false once found deleted before its end (any deletion of a post that was to
 * stay), true once it was seen within the last minutes of it or later. A deletion found only after the end, with the
 * post last seen long before it, proves neither.
 */
function feedKeptOf(until: Date | null, readings: Readings) {
  const { deletedAt, seenAt } = readings;
  if (deletedAt && (!until || deletedAt < until)) return false;
  if (!until) return null;
  return seenAt && seenAt.getTime() >= until.getTime() - BEFORE_END ? true : null;
}

/** The views at `hours` after the post went out: the first reading from then, if it came soon enough. */
function viewsAt(views: readonly { at: Date; views: number }[], start: Date, hours: number) {
  const from = start.getTime() + hours * HOUR;
  const reading = views.find(({ at }) => at.getTime() >= from);
  return reading && reading.at.getTime() <= from + VIEWS_AT_SLACK ? reading.views : null;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** The facts of a post as the API shows them (postSchema and publicReportSchema share these). */
export function postFacts(
  link: string | null,
  terms: Terms,
  readings: Readings & { editedAt: Date | null },
  views: readonly { at: Date; views: number }[],
) {
  const start = startOf(terms, readings);
  const topUntil = topUntilOf(terms, readings);
  const feedUntil = feedUntilOf(terms, readings);
  return {
    link,
    publishedAt: iso(readings.publishedAt),
    views: views.map(({ at, views }) => ({ at: at.toISOString(), views })),
    views24h: readings.publishedAt ? viewsAt(views, start, 24) : null,
    views48h: readings.publishedAt ? viewsAt(views, start, 48) : null,
    topHours: terms.hoursInTop,
    topUntil: iso(topUntil),
    topKept: topKeptOf(topUntil, readings),
    displacedAt: iso(readings.displacedAt),
    feedUntil: iso(feedUntil),
    feedKept: feedKeptOf(feedUntil, readings),
    deletedAt: iso(readings.deletedAt),
    editedAt: iso(readings.editedAt),
    checkedAt: iso(readings.checkedAt),
  };
}

/** The cost of a thousand views by the latest reading (the lists' figure, computed by the same rule in SQL). */
export const latestCpm = (price: number, views: readonly { views: number }[]) =>
  cpmOf(price, views.at(-1)?.views ?? null);
