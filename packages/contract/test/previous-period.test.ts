import { afterAll, describe, expect, it } from 'vitest';
import { previousPeriodOf } from '../src/plain/money.js';

// The period finance compares with (issue 33): a calendar month with the month before, not the 30 or 31 days before
// it. Run on the three device clocks the web's tests use (vitest.config.ts): the answer is the same on each.
const deviceZone = process.env.TZ;
afterAll(() => {
  process.env.TZ = deviceZone;
});

describe.each(['Europe/Moscow', 'Europe/Berlin', 'America/New_York'])(
  'previousPeriodOf on a %s clock',
  (zone) => {
    it.each([
      // A month: the month before, whatever either's length.
      ['2026-10-01', '2026-10-31', '2026-09-01', '2026-09-30'],
      ['2026-11-01', '2026-11-30', '2026-10-01', '2026-10-31'],
      ['2026-03-01', '2026-03-31', '2026-02-01', '2026-02-28'],
      ['2024-03-01', '2024-03-31', '2024-02-01', '2024-02-29'],
      ['2026-01-01', '2026-01-31', '2025-12-01', '2025-12-31'],
      // Months across the clocks' spring and autumn changes (Berlin 29.03 and 25.10, New York 08.03 and 01.11).
      ['2026-04-01', '2026-04-30', '2026-03-01', '2026-03-31'],
      ['2026-11-01', '2026-12-31', '2026-09-01', '2026-10-31'],
      // A quarter and a year: as many months before.
      ['2026-07-01', '2026-09-30', '2026-04-01', '2026-06-30'],
      ['2026-01-01', '2026-12-31', '2025-01-01', '2025-12-31'],
      // Anything else: as many days before.
      ['2026-10-02', '2026-10-31', '2026-09-02', '2026-10-01'],
      ['2026-10-05', '2026-10-11', '2026-09-28', '2026-10-04'],
      ['2026-03-29', '2026-03-29', '2026-03-28', '2026-03-28'],
      ['2026-10-01', '2026-10-30', '2026-09-01', '2026-09-30'],
    ])('%s – %s is compared with %s – %s', (from, to, previousFrom, previousTo) => {
      process.env.TZ = zone;
      expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(
        { 'Europe/Moscow': -180, 'Europe/Berlin': -60, 'America/New_York': 300 }[zone],
      );
      expect(previousPeriodOf(from, to)).toEqual({ from: previousFrom, to: previousTo });
    });
  },
);
