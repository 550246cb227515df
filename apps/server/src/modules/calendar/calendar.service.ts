import { type CalendarEntry, dealVocabulary } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { daysSpan } from '../../lib/dates.js';
import { findTimeZone } from '../profile/profile.repository.js';
import { latestSubscription } from '../tariff/tariff.repository.js';
import { placementsByDay } from './calendar.repository.js';

/**
 * Placements of sales and purchases, and the end of the tariff, between two days inclusive (decisions D3), the days
 * cut in the team's zone (decisions D5).
 */
export async function getCalendar(
  db: Db,
  caller: Caller,
  from: string,
  to: string,
): Promise<CalendarEntry[]> {
  const [days, subscription, timeZone] = await Promise.all([
    placementsByDay(db, caller.teamId, from, to),
    latestSubscription(db, caller.teamId),
    findTimeZone(db, caller.teamId),
  ]);
  const { start, end } = daysSpan(from, to, timeZone);
  const entries: CalendarEntry[] = days.map((d) => ({
    dateTime: d.firstAt.toISOString(),
    type: dealVocabulary[d.kind].calendarType,
    dealId: d.dealId,
    count: d.count,
  }));
  if (subscription && subscription.endsAt >= start && subscription.endsAt < end) {
    entries.push({
      dateTime: subscription.endsAt.toISOString(),
      type: 'SUBSCRIPTION_EXPIRED',
      dealId: null,
      count: 1,
    });
  }
  return entries.sort((a, b) => a.dateTime.localeCompare(b.dateTime));
}
