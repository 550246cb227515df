import { CHANNEL_ROLE } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../src/db/schema/index.js';
import { atWallTime, dayOf, shiftDay } from '../../src/lib/dates.js';
import { createTestApp, PUBLIC_URL, sameOrigin } from '../helpers/test-app.js';
import { sessionAs, signInWith } from '../helpers/users.js';

type User = Awaited<ReturnType<typeof signInWith>>;
type Feed = { url: string; webcalUrl: string };

// Sale statuses 1-7 and purchase statuses 11-16 of migration 0003: 'Новая' first, 'Отменена' last.
const SALE_NEW = 1;
const SALE_CANCELLED = 7;
const PURCHASE_NEW = 11;
const PURCHASE_CANCELLED = 16;

/**
 * A zone whose UTC offset changes inside the feed's window (30 days back, 180 ahead) at the time the test runs: New
 * York's standard time lasts 127 days, Sydney's summer time 182, so at any date one of the two changes in the window.
 */
function zoneWithShiftInWindow(today: string) {
  const days = Array.from({ length: 14 }, (_, i) => shiftDay(today, -25 + i * 15));
  const offsetsIn = (zone: string) =>
    new Set(days.map((day) => atWallTime(day, 10, 0, zone).getTime() - Date.parse(`${day}T10:00:00Z`)));
  const zone = ['America/New_York', 'Australia/Sydney'].find((z) => offsetsIn(z).size > 1);
  if (!zone) throw new Error('no zone with a daylight saving change in the window');
  return { zone, days };
}

const wallClock = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

const events = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

/** How long an event lasts, in milliseconds. */
const lengthOf = (event: VEvent | undefined) =>
  (event?.end?.getTime() ?? Number.NaN) - (event?.start.getTime() ?? 0);

/** An event's URL: node-ical keeps the property's parameters (VALUE=URI) beside its value. */
const urlOf = (event: VEvent | undefined) => {
  const url = event?.url as unknown;
  return typeof url === 'object' && url !== null ? (url as { val: string }).val : url;
};

const feedPath = (feed: Feed) => new URL(feed.url).pathname;

describe('the private calendar feed', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  let owner: User;
  let stranger: User;
  let channelId: number;
  const { zone, days } = zoneWithShiftInWindow(dayOf(new Date(), 'America/New_York'));

  const send = (
    user: Pick<User, 'headers'>,
    method: 'POST' | 'DELETE' | 'PATCH',
    url: string,
    payload?: object,
  ) =>
    app.inject({ method, url, headers: { ...user.headers, ...sameOrigin }, ...(payload ? { payload } : {}) });
  const turnOn = async (user: Pick<User, 'headers'>) => {
    const response = await send(user, 'POST', '/api/calendar/feed');
    expect(response.statusCode).toBe(200);
    return response.json() as Feed;
  };
  const fetchFeed = (path: string, headers: Record<string, string> = {}) =>
    app.inject({ url: path, headers });

  const sale = async (at: Date, overrides: Record<string, unknown> = {}) => {
    const response = await send(owner, 'POST', '/api/sale', {
      accommodationCondition: { accommodationTime: at.toISOString(), hoursInTop: 3 },
      advertisementFormatId: 1,
      advertisementTypeId: 1,
      statusId: SALE_NEW,
      channelId,
      contactPerson: { name: 'Олег Рекламов' },
      externalChannelInfo: { name: 'Большой канал' },
      price: 1000,
      saleDate: '2026-01-10',
      ...overrides,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; version: number };
  };
  const purchase = async (at: Date, overrides: Record<string, unknown> = {}) => {
    const response = await send(owner, 'POST', '/api/purchase', {
      accommodationCondition: { accommodationTime: at.toISOString(), hoursInTop: 0 },
      advertisementFormatId: 1,
      statusId: PURCHASE_NEW,
      channelId,
      externalChannel: { name: 'Чужой канал' },
      price: 500,
      purchaseDate: '2026-01-10',
      ...overrides,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; version: number };
  };

  const at10 = (day: string) => atWallTime(day, 10, 0, zone);
  const today = () => dayOf(new Date(), zone);
  const host = new URL(PUBLIC_URL).hostname;

  beforeAll(async () => {
    app = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => lines.push(line) } });
    owner = await signInWith(app, 'feed-owner');
    stranger = await signInWith(app, 'feed-stranger');
    expect((await send(owner, 'PATCH', '/api/settings', { timeZone: zone })).statusCode).toBe(200);
    const [row] = await app.db
      .insert(channels)
      .values({
        teamId: owner.member.teamId,
        name: 'Наш канал',
        telegramNickName: 'feed_channel',
        ownerEmployeeId: owner.member.employeeId,
      })
      .returning({ id: channels.id });
    channelId = row?.id ?? 0;
  });
  afterAll(() => app.close());

  it('is off until turned on, and turning it on answers its address and turns the switch on', async () => {
    expect((await app.inject({ url: '/api/settings', headers: owner.headers })).json().calendarSync).toBe(
      false,
    );
    expect((await app.inject({ method: 'POST', url: '/api/calendar/feed' })).statusCode).toBe(401);
    const feed = await turnOn(owner);
    expect(feed.url).toMatch(
      new RegExp(
        `^${PUBLIC_URL}/api/calendar/feed/${owner.member.teamId}-${owner.member.employeeId}-[\\w-]{43}\\.ics$`,
      ),
    );
    expect(feed.webcalUrl).toBe(feed.url.replace(/^http:/, 'webcal:'));
    expect((await app.inject({ url: '/api/settings', headers: owner.headers })).json().calendarSync).toBe(
      true,
    );
  });

  it('refuses a request from another site', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/calendar/feed',
      headers: { ...owner.headers, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lists the team’s placements at their times in the team’s zone, as a parser of RFC 5545 reads them', async () => {
    const sales = [];
    for (const day of days) sales.push({ day, deal: await sale(at10(day)) });
    const bought = await purchase(at10(days[3] as string), { contactPerson: null });
    const feed = await turnOn(owner);

    const response = await fetchFeed(feedPath(feed));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    // RFC 5545 §3.1: lines end in CRLF and are folded at 75 octets.
    for (const line of response.body.split('\r\n')) {
      expect(line).not.toContain('\n');
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
    expect(response.body).toContain(`X-WR-TIMEZONE:${zone}`);

    const parsed = events(response.body);
    expect(parsed).toHaveLength(days.length + 1);
    const offsets = new Set<number>();
    for (const { day, deal } of sales) {
      const event = parsed.find((e) => e.uid === `sale-${deal.id}@${host}`);
      expect(event, day).toBeDefined();
      if (!event) continue;
      expect(event.start.getTime()).toBe(at10(day).getTime());
      expect(wallClock(event.start, zone)).toBe('10:00');
      expect(lengthOf(event)).toBe(3 * 3600_000);
      expect(event.summary).toBe('Продажа · Наш канал → Олег Рекламов');
      expect(urlOf(event)).toBe(`${PUBLIC_URL}/sale/${deal.id}`);
      offsets.add(event.start.getTime() - Date.parse(`${day}T10:00:00Z`));
    }
    // Both sides of a daylight saving change are in the feed, each at 10:00 on the team's clock.
    expect(offsets.size).toBe(2);

    const bought10 = parsed.find((e) => e.uid === `purchase-${bought.id}@${host}`);
    expect(bought10?.summary).toBe('Закупка · Наш канал ← Чужой канал');
    // No time in the top: one hour.
    expect(lengthOf(bought10)).toBe(3600_000);
    expect(urlOf(bought10)).toBe(`${PUBLIC_URL}/purchase/${bought.id}`);
  });

  it('escapes, cleans and folds every name per RFC 5545: control characters, separators and long Cyrillic', async () => {
    // Control characters a person can paste into a name, in the middle of it (the edges are trimmed).
    const controls = 'a\rb\r\nc\nd\te\u0001f\u001bg\u007fh';
    // Line breaks of any kind become one newline, a tab a space; the other controls are dropped.
    const cleaned = 'a\nb\nc\nd efgh';
    const separators = '; , \\ \\n';
    const long = 'Очень длинное имя контакта, в котором только кириллица и пробелы; '.repeat(2);
    const contactName = `Контакт ${controls} ${separators} ${long}`.slice(0, 200).trim();
    const externalName = `Канал ${controls} ${separators} ${long}`.slice(0, 200).trim();
    const ourName = `Наш ${controls} ${separators} ${long}`;
    const clean = (name: string) => name.replace(controls, cleaned);
    const [ours] = await app.db
      .insert(channels)
      .values({
        teamId: owner.member.teamId,
        name: ourName,
        telegramNickName: 'feed_controls',
        ownerEmployeeId: owner.member.employeeId,
      })
      .returning({ id: channels.id });
    const day = shiftDay(today(), 3);
    const sold = await sale(at10(day), {
      channelId: ours?.id,
      contactPerson: { name: contactName },
      externalChannelInfo: { name: externalName },
    });
    const bought = await purchase(at10(day), {
      channelId: ours?.id,
      contactPerson: null,
      externalChannel: { name: externalName },
    });
    // NUL cannot be stored at all (PostgreSQL's text): it is refused at the edge and never reaches the feed.
    const nul = await send(owner, 'POST', '/api/sale', {
      accommodationCondition: { accommodationTime: at10(day).toISOString() },
      advertisementFormatId: 1,
      advertisementTypeId: 1,
      channelId,
      contactPerson: { name: 'Олег\u0000Рекламов' },
      price: 1000,
      saleDate: '2026-01-10',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fieldErrors).toHaveProperty(['contactPerson.name']);

    const response = await fetchFeed(feedPath(await turnOn(owner)));
    expect(response.statusCode).toBe(200);
    // The octets as sent: lines end in CRLF only, hold at most 75 octets, and each is whole UTF-8 on its own (a fold
    // never splits a character); no control character is left but the line ends.
    const bytes = response.rawPayload;
    expect(bytes.subarray(-2).toString()).toBe('\r\n');
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const lines: string[] = [];
    for (let start = 0; start < bytes.length; ) {
      const end = bytes.indexOf('\r\n', start);
      const line = bytes.subarray(start, end);
      expect(line.length).toBeLessThanOrEqual(75);
      lines.push(decoder.decode(line));
      start = end + 2;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may be left in a line
    const control = /[\u0000-\u001f\u007f]/;
    for (const line of lines) expect(line).not.toMatch(control);

    // Unfolded (RFC 5545 §3.1) and unescaped (§3.3.11) by hand, the summary is the name with its controls handled.
    const unfolded = lines.join('\r\n').replace(/\r\n /g, '').split('\r\n');
    const summaryOf = (uid: string) => {
      const at = unfolded.indexOf(`UID:${uid}`);
      const end = unfolded.indexOf('END:VEVENT', at);
      const raw = unfolded.slice(at, end).find((line) => line.startsWith('SUMMARY:'));
      return raw
        ?.slice('SUMMARY:'.length)
        .replace(/\\([\\;,nN])/g, (_, c: string) => (/n/i.test(c) ? '\n' : c));
    };
    const saleSummary = `Продажа · ${clean(ourName)} → ${clean(contactName)}`;
    const purchaseSummary = `Закупка · ${clean(ourName)} ← ${clean(externalName)}`;
    expect(summaryOf(`sale-${sold.id}@${host}`)).toBe(saleSummary);
    expect(summaryOf(`purchase-${bought.id}@${host}`)).toBe(purchaseSummary);
    expect(Buffer.byteLength(saleSummary)).toBeGreaterThan(3 * 75);

    // And as a separate iCalendar parser reads it. node-ical 0.26 unescapes `\n` before `\\`, so it reads the
    // escaped backslash before an 'n' (`\\n` in the file) as a backslash and a line break: ical.js reads it right.
    const misread = (summary: string) => summary.replaceAll('\\n', '\\\n');
    const parsed = events(response.body);
    expect(parsed.find((e) => e.uid === `sale-${sold.id}@${host}`)?.summary).toBe(misread(saleSummary));
    expect(parsed.find((e) => e.uid === `purchase-${bought.id}@${host}`)?.summary).toBe(
      misread(purchaseSummary),
    );
  });

  it('keeps a deal’s UID across an edit, with the new terms', async () => {
    const feed = await turnOn(owner);
    const deal = await sale(at10(shiftDay(today(), 5)));
    const patched = await send(owner, 'PATCH', `/api/sale/${deal.id}`, {
      version: deal.version,
      accommodationCondition: { accommodationTime: at10(shiftDay(today(), 6)).toISOString(), hoursInTop: 5 },
    });
    expect(patched.statusCode).toBe(200);
    const event = events((await fetchFeed(feedPath(feed))).body).filter(
      (e) => e.uid === `sale-${deal.id}@${host}`,
    );
    expect(event).toHaveLength(1);
    expect(event[0]?.start.getTime()).toBe(at10(shiftDay(today(), 6)).getTime());
    expect(lengthOf(event[0])).toBe(5 * 3600_000);
    expect(Number(event[0]?.sequence)).toBe(1);
  });

  it('leaves out cancelled deals and placements outside 30 days back and 180 days ahead', async () => {
    const feed = await turnOn(owner);
    const day = shiftDay(today(), 2);
    const cancelledSale = await sale(at10(day), { statusId: SALE_CANCELLED });
    const cancelledPurchase = await purchase(at10(day), { statusId: PURCHASE_CANCELLED });
    const first = await sale(atWallTime(shiftDay(today(), -30), 0, 0, zone));
    const tooOld = await sale(atWallTime(shiftDay(today(), -31), 23, 59, zone));
    const last = await sale(atWallTime(shiftDay(today(), 180), 23, 59, zone));
    const tooFar = await sale(atWallTime(shiftDay(today(), 181), 0, 0, zone));

    const uids = new Set(events((await fetchFeed(feedPath(feed))).body).map((e) => e.uid));
    expect(uids.has(`sale-${first.id}@${host}`)).toBe(true);
    expect(uids.has(`sale-${last.id}@${host}`)).toBe(true);
    for (const left of [
      `sale-${cancelledSale.id}`,
      `purchase-${cancelledPurchase.id}`,
      `sale-${tooOld.id}`,
      `sale-${tooFar.id}`,
    ]) {
      expect(uids.has(`${left}@${host}`), left).toBe(false);
    }
  });

  it('answers 304 to a calendar app that has the current version, and a new ETag after a change', async () => {
    const feed = await turnOn(owner);
    const first = await fetchFeed(feedPath(feed));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, max-age=300');
    const again = await fetchFeed(feedPath(feed), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await sale(at10(shiftDay(today(), 1)));
    const changed = await fetchFeed(feedPath(feed), { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('answers 404 with the contract’s body for an old, tampered, foreign or revoked address', async () => {
    const old = await turnOn(owner);
    const current = await turnOn(owner);
    const theirs = await turnOn(stranger);
    const secretOf = (feed: Feed) => feedPath(feed).split('-').slice(2).join('-');
    const tampered = feedPath(current).replace(/.\.ics$/, (m) => `${m[0] === 'A' ? 'B' : 'A'}.ics`);
    const wrongTeam = `/api/calendar/feed/${stranger.member.teamId}-${owner.member.employeeId}-${secretOf(current)}`;
    const theirsAsMine = `/api/calendar/feed/${owner.member.teamId}-${owner.member.employeeId}-${secretOf(theirs)}`;
    const notAFeed = `/api/calendar/feed/${owner.member.teamId}-${owner.member.employeeId}.ics`;

    for (const path of [feedPath(old), tampered, wrongTeam, theirsAsMine, notAFeed]) {
      const response = await fetchFeed(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Календарь не найден: ссылка неверна или синхронизация выключена',
      });
    }
    expect((await fetchFeed(feedPath(current))).statusCode).toBe(200);
    expect((await fetchFeed(feedPath(theirs))).statusCode).toBe(200);

    const off = await send(owner, 'DELETE', '/api/calendar/feed');
    expect(off.statusCode).toBe(204);
    expect((await fetchFeed(feedPath(current))).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/settings', headers: owner.headers })).json().calendarSync).toBe(
      false,
    );
    // The stranger's feed is theirs alone: it still works.
    expect((await fetchFeed(feedPath(theirs))).statusCode).toBe(200);
  });

  it("gives a member the placements their role shows: a sales manager the channel's sales, not its purchases or another channel", async () => {
    const [other] = await app.db
      .insert(channels)
      .values({
        teamId: owner.member.teamId,
        name: 'Другой канал',
        telegramNickName: 'feed_other',
        ownerEmployeeId: owner.member.employeeId,
      })
      .returning({ id: channels.id });
    const person = await send(owner, 'POST', '/api/employee', { firstName: 'Продавец ленты' });
    const employeeId = person.json().id as number;
    const assigned = await send(owner, 'POST', `/api/employee/${employeeId}/assignOnChannel`, {
      channelId,
      employeeChannelRoleId: CHANNEL_ROLE.sales,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const day = shiftDay(today(), 2);
    const onOurs = await sale(atWallTime(day, 11, 0, zone));
    const elsewhere = await sale(atWallTime(day, 12, 0, zone), { channelId: other?.id });
    const bought = await purchase(atWallTime(day, 13, 0, zone));
    const feed = await turnOn(await sessionAs(app, owner.member.teamId, employeeId));
    expect(feed.url).toContain(`/${owner.member.teamId}-${employeeId}-`);

    const uids = new Set(events((await fetchFeed(feedPath(feed))).body).map((event) => event.uid));
    expect(uids.has(`sale-${onOurs.id}@${host}`)).toBe(true);
    expect(uids.has(`sale-${elsewhere.id}@${host}`)).toBe(false);
    expect(uids.has(`purchase-${bought.id}@${host}`)).toBe(false);
    const everything = new Set(
      events((await fetchFeed(feedPath(await turnOn(owner)))).body).map((e) => e.uid),
    );
    expect([
      everything.has(`sale-${elsewhere.id}@${host}`),
      everything.has(`purchase-${bought.id}@${host}`),
    ]).toEqual([true, true]);
  });

  it('stops answering when the switch is turned off in the settings, also after it is turned on there again', async () => {
    const feed = await turnOn(stranger);
    expect((await send(stranger, 'PATCH', '/api/settings', { calendarSync: false })).statusCode).toBe(200);
    expect((await fetchFeed(feedPath(feed))).statusCode).toBe(404);
    expect((await send(stranger, 'PATCH', '/api/settings', { calendarSync: true })).statusCode).toBe(200);
    expect((await fetchFeed(feedPath(feed))).statusCode).toBe(404);
  });

  it('keeps the secret out of every log line', async () => {
    lines.length = 0;
    const feed = await turnOn(owner);
    const secret = feedPath(feed)
      .split('-')
      .slice(2)
      .join('-')
      .replace(/\.ics$/, '');
    expect((await fetchFeed(feedPath(feed))).statusCode).toBe(200);
    expect((await fetchFeed(`${feedPath(feed).slice(0, -5)}x.ics`)).statusCode).toBe(404);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('\n')).toContain('/api/calendar/feed/[скрыто]');
    expect(lines.join('\n')).not.toContain(secret.slice(0, 20));
  });

  it('slows down requests for one feed, not those for other feeds', async () => {
    const feed = await turnOn(owner);
    const statuses = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await fetchFeed(`/api/calendar/feed/999999-999999-guess${i}.ics`)).statusCode);
    }
    expect(statuses).toContain(429);
    expect((await fetchFeed(feedPath(feed))).statusCode).toBe(200);
  });
});
