import { describe, expect, it } from 'vitest';
import { dayOf, dayStart, nextDay } from '../../src/lib/dates.js';

// Days are cut in the users' zone (Moscow, UTC+3 all year), whatever the machine's zone is.
describe('the users’ calendar days', () => {
  it('turns at 21:00 UTC, not at midnight UTC', () => {
    expect(dayOf(new Date('2026-11-23T20:59:59.999Z'))).toBe('2026-11-23');
    expect(dayOf(new Date('2026-11-23T21:00:00.000Z'))).toBe('2026-11-24');
    expect(dayOf(new Date('2026-12-31T22:30:00.000Z'))).toBe('2027-01-01');
  });

  it('begins a day at Moscow midnight and round-trips with dayOf', () => {
    expect(dayStart('2026-03-01').toISOString()).toBe('2026-02-28T21:00:00.000Z');
    for (const day of ['2024-02-29', '2026-03-29', '2026-10-25', '2026-12-31']) {
      expect(dayOf(dayStart(day))).toBe(day);
      expect(dayOf(new Date(dayStart(nextDay(day)).getTime() - 1))).toBe(day);
    }
  });
});
