import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CALENDAR_FEED_NOT_FOUND, type CalendarFeed, dealVocabulary } from '@addesk/contract';
import ICAL from 'ical.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { Caller } from '../../lib/caller.js';
import { dayOf, daysSpan, shiftDay } from '../../lib/dates.js';
import { accessOfEmployee, dealScope } from '../access/index.js';
import * as repo from './calendar-feed.repository.js';

/** How far the feed looks, in the team's days: a month back and half a year ahead. */
const DAYS_BACK = 30;
const DAYS_AHEAD = 180;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The feed's file name: the settings row's key, team first (the table is distributed by team, so the row is found
 * without a global index on the hash), then a 256-bit secret in base64url (43 characters, which may hold '-').
 */
const FEED_FILE = /^(\d{1,15})-(\d{1,15})-([A-Za-z0-9_-]{43})\.ics$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** The feed's addresses; the only moment the secret exists outside the caller's calendar app. */
function addresses(publicUrl: string, caller: Caller, secret: string): CalendarFeed {
  const url = `${publicUrl}/api/calendar/feed/${caller.teamId}-${caller.employeeId}-${secret}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/** Turns the sync on with a new secret; an older address stops working at once. */
export async function enableFeed(db: Db, publicUrl: string, caller: Caller): Promise<CalendarFeed> {
  const secret = randomBytes(32).toString('base64url');
  await repo.saveFeedHash(db, caller, sha256(secret).toString('hex'));
  return addresses(publicUrl, caller, secret);
}

/** Turns the sync off: the address answers 404 from now on. */
export const disableFeed = (db: Db, caller: Caller) => repo.saveFeedHash(db, caller, null);

/** Whose feed a file name opens, when its secret matches the stored hash (compared in constant time). */
async function feedOwner(db: Db, file: string) {
  const match = FEED_FILE.exec(file);
  if (!match) return undefined;
  const [, teamId, employeeId, secret] = match as unknown as [string, string, string, string];
  const caller = { teamId: Number(teamId), employeeId: Number(employeeId) };
  const feed = await repo.findFeed(db, caller);
  if (!feed?.calendarSync || !feed.hash) return undefined;
  const stored = Buffer.from(feed.hash, 'hex');
  const given = sha256(secret);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return undefined;
  return { ...caller, timeZone: feed.timeZone, owner: feed.owner };
}

/** 'Продажа · Канал → Контрагент': the counterpart is the contact person, else the other side's channel. */
function summaryOf(p: repo.Placement) {
  const counterpart = p.contactName ?? p.externalName;
  const { words, arrow } = dealVocabulary[p.kind];
  const head = `${words.one} · ${p.channelName}`;
  return counterpart ? `${head} ${arrow} ${counterpart}` : head;
}

// ical.js folds a line when it grows past this many octets; the space that starts the continuation line is one
// more, and RFC 5545 §3.1 allows 75 in all.
ICAL.foldLength = 74;

/** An instant as jCal writes a UTC date-time (RFC 7265), which ical.js prints as 20261124T153000Z. */
const utc = (instant: Date) => instant.toISOString().replace(/\.\d{3}Z$/, 'Z');

// Control characters a TEXT value may not carry (RFC 5545 §3.3.11: only a line break, escaped as `\n`): C0 but the
// line feed, and DEL. PostgreSQL stores them in a name as typed; NUL never gets that far (the contract refuses it).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are exactly what this removes
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * A TEXT property. Its value as RFC 5545 lets a line carry it: every line break (CRLF, a lone CR, LF) becomes one
 * newline, a tab a space, and any other control character is dropped; ical.js then escapes `\`, `;`, `,` and the
 * newline and folds the line at 75 octets without splitting a character.
 */
const text = (name: string, value: string) => [
  name,
  {},
  'text',
  value.replace(/\r\n?/g, '\n').replaceAll('\t', ' ').replace(CONTROL, ''),
];

/** One VEVENT: its UID names the deal, so an edited deal replaces its event instead of adding another. */
function eventOf(p: repo.Placement, publicUrl: string, host: string) {
  const start = p.placementAt;
  const end = new Date(start.getTime() + Math.max(p.hoursInTop, 1) * HOUR_MS);
  return [
    'vevent',
    [
      text('uid', `${p.kind}-${p.id}@${host}`),
      ['dtstamp', {}, 'date-time', utc(p.updatedAt)],
      ['last-modified', {}, 'date-time', utc(p.updatedAt)],
      ['sequence', {}, 'integer', p.version - 1],
      ['dtstart', {}, 'date-time', utc(start)],
      ['dtend', {}, 'date-time', utc(end)],
      text('summary', summaryOf(p)),
      ['url', {}, 'uri', `${publicUrl}/${p.kind}/${p.id}`],
    ],
    [],
  ];
}

/**
 * The feed as jCal (RFC 7265, the JSON form of iCalendar) with its ETag, a hash of that JSON: a calendar app that
 * has this version gets a 304 without the text being printed (the larger part of the work at 10,000 events). Times
 * are written in UTC, which every calendar app shows in its own zone; X-WR-TIMEZONE names the team's zone for apps
 * that take a calendar's zone from it. DTSTAMP is the deal's last change, not the time of the request, so an
 * unchanged team has the same ETag. Printed by ical.js: ical-generator 10 (the last for Node 20) takes 2 s to fold
 * 10,000 events.
 */
export async function loadFeed(db: Db, publicUrl: string, file: string, now = new Date()) {
  const owner = await feedOwner(db, file);
  if (!owner) throw notFound(CALENDAR_FEED_NOT_FOUND);
  const today = dayOf(now, owner.timeZone);
  const { start, end } = daysSpan(shiftDay(today, -DAYS_BACK), shiftDay(today, DAYS_AHEAD), owner.timeZone);
  // The feed shows what its person sees in the app: a member's, only their channels' and people's placements.
  const access = await accessOfEmployee(db, owner);
  const sale = dealScope(access, 'sale');
  const purchase = dealScope(access, 'purchase');
  const placements = await repo.listPlacements(
    db,
    owner.teamId,
    start,
    end,
    sale && purchase ? { sale, purchase } : undefined,
  );

  const host = new URL(publicUrl).hostname;
  const calendar = [
    'vcalendar',
    [
      text('prodid', '-//AdDesk//Calendar feed//RU'),
      text('version', '2.0'),
      text('calscale', 'GREGORIAN'),
      text('method', 'PUBLISH'),
      // Properties outside RFC 5545 are of jCal's type 'unknown': printed as they are, without a VALUE parameter.
      ['x-wr-calname', {}, 'unknown', 'AdDesk: размещения'],
      ['x-wr-timezone', {}, 'unknown', owner.timeZone],
      // Calendar apps that honour these fetch the feed again every hour.
      ['refresh-interval', {}, 'duration', 'PT1H'],
      ['x-published-ttl', {}, 'unknown', 'PT1H'],
    ],
    placements.map((p) => eventOf(p, publicUrl, host)),
  ];
  return {
    etag: `W/"${createHash('sha256').update(JSON.stringify(calendar)).digest('base64url').slice(0, 27)}"`,
    /** The iCalendar text; not needed when the client already has this version. */
    print: () => ICAL.stringify(calendar),
  };
}
