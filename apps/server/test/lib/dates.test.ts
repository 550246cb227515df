import { wallClockParts } from '@addesk/contract';
import { describe, expect, it } from 'vitest';
import { atWallTime, dayOf, dayStart, daysInMonth, isoInZone, nextDay } from '../../src/lib/dates.js';

// Days are cut in the team's zone (decisions D5), whatever the machine's zone is.
describe('a team’s calendar days', () => {
  it('turn at 21:00 UTC in Moscow (UTC+3 all year)', () => {
    expect(dayOf(new Date('2026-11-23T20:59:59.999Z'), 'Europe/Moscow')).toBe('2026-11-23');
    expect(dayOf(new Date('2026-11-23T21:00:00.000Z'), 'Europe/Moscow')).toBe('2026-11-24');
    expect(dayOf(new Date('2026-12-31T22:30:00.000Z'), 'Europe/Moscow')).toBe('2027-01-01');
    expect(dayStart('2026-03-01', 'Europe/Moscow').toISOString()).toBe('2026-02-28T21:00:00.000Z');
  });

  it('turn at 17:00 UTC in Novosibirsk (UTC+7), east of Moscow', () => {
    expect(dayOf(new Date('2026-03-10T16:59:59.999Z'), 'Asia/Novosibirsk')).toBe('2026-03-10');
    expect(dayOf(new Date('2026-03-10T17:00:00.000Z'), 'Asia/Novosibirsk')).toBe('2026-03-11');
    expect(dayStart('2026-03-11', 'Asia/Novosibirsk').toISOString()).toBe('2026-03-10T17:00:00.000Z');
  });

  it('follow Berlin’s daylight saving time: a 23-hour and a 25-hour day', () => {
    expect(dayStart('2025-03-30', 'Europe/Berlin').toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(dayStart('2025-03-31', 'Europe/Berlin').toISOString()).toBe('2025-03-30T22:00:00.000Z');
    expect(dayStart('2025-10-26', 'Europe/Berlin').toISOString()).toBe('2025-10-25T22:00:00.000Z');
    expect(dayStart('2025-10-27', 'Europe/Berlin').toISOString()).toBe('2025-10-26T23:00:00.000Z');
    expect(dayOf(new Date('2025-03-30T22:30:00.000Z'), 'Europe/Berlin')).toBe('2025-03-31');
  });

  it('read wall times across the changes: a skipped one after the gap, a doubled one at its first instant', () => {
    expect(atWallTime('2025-03-30', 1, 30, 'Europe/Berlin').toISOString()).toBe('2025-03-30T00:30:00.000Z');
    expect(atWallTime('2025-03-30', 2, 30, 'Europe/Berlin').toISOString()).toBe('2025-03-30T01:30:00.000Z');
    expect(atWallTime('2025-03-30', 3, 30, 'Europe/Berlin').toISOString()).toBe('2025-03-30T01:30:00.000Z');
    expect(atWallTime('2025-10-26', 2, 30, 'Europe/Berlin').toISOString()).toBe('2025-10-26T00:30:00.000Z');
    expect(atWallTime('2025-10-26', 3, 30, 'Europe/Berlin').toISOString()).toBe('2025-10-26T02:30:00.000Z');
    expect(atWallTime('2025-03-30', 2, 30, 'Europe/Moscow').toISOString()).toBe('2025-03-29T23:30:00.000Z');
  });

  it('round-trip between dayStart and dayOf in every zone', () => {
    for (const zone of ['Europe/Moscow', 'Asia/Novosibirsk', 'Europe/Berlin', 'America/New_York', 'UTC']) {
      for (const day of [
        '2024-02-29',
        '2025-03-09',
        '2025-03-30',
        '2025-10-26',
        '2025-11-02',
        '2026-12-31',
      ]) {
        expect(dayOf(dayStart(day, zone), zone), `${zone} ${day}`).toBe(day);
        expect(dayOf(new Date(dayStart(nextDay(day), zone).getTime() - 1), zone), `${zone} ${day}`).toBe(day);
      }
    }
  });
});

describe('offsets kept by hour', () => {
  // What Intl says the wall clock shows, to the second, against what lib/dates reads from its hours.
  const wallByIntl = (at: number, zone: string) => {
    const p = wallClockParts(at, zone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  };
  const wallRead = (at: number, zone: string) => {
    // isoInZone's offset is rounded to a minute; with the wall time it still names `at`.
    const iso = isoInZone(new Date(at), zone);
    const [, sign, hh, mm] = /([+-])(\d\d):(\d\d)$/.exec(iso) ?? [];
    return { iso, offset: (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm)) * 60_000 };
  };
  const HOUR = 3_600_000;

  it('agree with Intl at every 7 min 13 s around changes of many kinds', () => {
    const changes: [string, string][] = [
      ['Europe/Berlin', '2025-03-30T01:00:00Z'],
      ['Europe/Berlin', '2025-10-26T01:00:00Z'],
      ['America/New_York', '2025-11-02T06:00:00Z'],
      // Half-hour daylight saving time, a 45-minute zone, a day skipped, Moscow's moves of 2011 and 2014.
      ['Australia/Lord_Howe', '2025-04-05T15:00:00Z'],
      ['Asia/Kathmandu', '1985-12-31T18:30:00Z'],
      ['Pacific/Apia', '2011-12-30T10:00:00Z'],
      ['Europe/Moscow', '2011-03-26T23:00:00Z'],
      ['Europe/Moscow', '2014-10-25T22:00:00Z'],
      // Local mean time with seconds: Amsterdam's +00:19:32 to +00:20.
      ['Europe/Amsterdam', '1937-06-30T23:40:28Z'],
    ];
    let compared = 0;
    for (const [zone, change] of changes) {
      const at = Date.parse(change);
      for (let t = at - 30 * HOUR; t <= at + 30 * HOUR; t += 433_000) {
        const { offset } = wallRead(t, zone);
        const second = t - (t % 1000);
        const exact = wallByIntl(second, zone) - second;
        expect(offset, `${zone} ${new Date(t).toISOString()}`).toBe(Math.round(exact / 60_000) * 60_000);
        expect(dayOf(new Date(t), zone)).toBe(new Date(wallByIntl(second, zone)).toISOString().slice(0, 10));
        compared += 1;
      }
    }
    expect(compared).toBe(changes.length * 499);
  });
});

describe('daysInMonth', () => {
  it('counts every month of 1900-2100 as the calendar has it, leap years and their centuries included', () => {
    for (let year = 1900; year <= 2100; year++) {
      for (let month = 1; month <= 12; month++) {
        expect(daysInMonth(year, month), `${year}-${month}`).toBe(
          new Date(Date.UTC(year, month, 0)).getUTCDate(),
        );
      }
    }
    expect([daysInMonth(1900, 2), daysInMonth(2000, 2), daysInMonth(2024, 2), daysInMonth(2026, 2)]).toEqual([
      28, 29, 29, 28,
    ]);
  });
});
