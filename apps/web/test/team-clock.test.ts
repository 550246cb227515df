import { afterEach, describe, expect, it } from 'vitest';
import { getCurrentUser } from '@/features/auth/api/get-current-user';
import { valuesFromDeal } from '@/features/deals/components/form/deal-form-values';
import { buildPayload } from '@/features/deals/components/form/deal-payload';
import { formatDateTime, instantAt, setTeamTimeZone, teamTimeZone, wallClock } from '@/lib/format';
import { dealFixture } from './deal-api';
import { demoUser, installFakeApi } from './fake-api';

type Deal = Parameters<typeof valuesFromDeal>[1];

// Decisions D5: wall times are read and written on the team's clock, whatever zone the device is in. The web suite
// runs under three process zones (vitest.config.ts); the Berlin case below also forces the device zone itself.
describe('the team’s clock on the web', () => {
  const deviceZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = deviceZone;
    setTeamTimeZone('Europe/Moscow');
  });

  it('keeps a Moscow 02:30 placement at 02:30 on a Berlin device the night its clocks go forward (30.03.2025)', () => {
    process.env.TZ = 'Europe/Berlin';
    // 02:30 does not exist in Berlin that night: a Date rebuilt in the device zone read it as 03:30.
    expect(new Date(2025, 2, 30, 2, 30).getHours()).toBe(3);
    const deal = dealFixture('sale') as Deal;
    deal.accommodationCondition.accommodationTime = '2025-03-29T23:30:00.000Z';
    const values = valuesFromDeal('sale', deal);
    expect(values.placementTime).toEqual({ hours: 2, minutes: 30 });
    expect(values.placementDate).toEqual({ day: 30, month: 3, year: 2025 });
    const built = buildPayload('sale', values);
    expect(built.ok && built.payload.accommodationCondition?.accommodationTime).toBe(
      '2025-03-30T02:30:00+03:00',
    );
  });

  it('shows, reads and sends times in the team’s zone, across its own daylight saving changes', () => {
    setTeamTimeZone('Europe/Berlin');
    // A device in another zone adds the team zone's offset at that instant (decisions D5).
    const onBerlinDevice = deviceZone === 'Europe/Berlin';
    expect(formatDateTime('2025-03-30T00:30:00Z')).toBe(
      `30.03.2025, 01:30${onBerlinDevice ? '' : '\u00a0GMT+1'}`,
    );
    expect(formatDateTime('2025-03-30T01:30:00Z')).toBe(
      `30.03.2025, 03:30${onBerlinDevice ? '' : '\u00a0GMT+2'}`,
    );
    expect(instantAt('2025-03-30', { hours: 1, minutes: 30 })).toBe('2025-03-30T01:30:00+01:00');
    expect(instantAt('2025-03-30', { hours: 3, minutes: 30 })).toBe('2025-03-30T03:30:00+02:00');
    // 02:30 is skipped that night: sent with the offset before the gap, it is the instant 03:30 CEST.
    expect(instantAt('2025-03-30', { hours: 2, minutes: 30 })).toBe('2025-03-30T02:30:00+01:00');
    // 02:30 happens twice on 26.10.2025: the first one.
    expect(instantAt('2025-10-26', { hours: 2, minutes: 30 })).toBe('2025-10-26T02:30:00+02:00');

    setTeamTimeZone('Asia/Novosibirsk');
    expect(wallClock('2026-03-10T19:30:00Z')).toEqual({
      date: { day: 11, month: 3, year: 2026 },
      time: { hours: 2, minutes: 30 },
    });
    expect(instantAt('2026-03-11', { hours: 2, minutes: 30 })).toBe('2026-03-11T02:30:00+07:00');
    expect(instantAt('2026-03-11', { hours: 9, minutes: 0 }, 'America/New_York')).toBe(
      '2026-03-11T09:00:00-04:00',
    );
  });
});

describe('the clock at sign-in', () => {
  afterEach(() => setTeamTimeZone('Europe/Moscow'));

  it('takes the team’s zone from the current user before any screen draws a date', async () => {
    installFakeApi({ 'GET /api/employee': { body: { ...demoUser, timeZone: 'Asia/Novosibirsk' } } });
    await getCurrentUser();
    expect(teamTimeZone()).toBe('Asia/Novosibirsk');
    // 12:00 UTC is 19:00 in Novosibirsk, whatever zone the device is in; none of the suite's devices is there.
    expect(formatDateTime('2026-03-10T12:00:00Z')).toBe('10.03.2026, 19:00\u00a0НСК');
  });
});
