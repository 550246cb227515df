import { describe, expect, it } from 'vitest';
import { atWallTime, dayOf, dayStart, nextDay } from '../../src/lib/dates.js';

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
