import { type CalendarEntry, dealVocabulary } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import type { SessionCaller } from '../../lib/caller.js';
import { daysSpan } from '../../lib/dates.js';
import { dealScope } from '../access/index.js';
import { latestSubscription } from '../tariff/tariff.service.js';
import { placementsByDay, visiblePlacementsByDay } from './calendar.repository.js';

/**
 * Placements of sales and purchases, and the end of the tariff, between two days inclusive (decisions D3), the days
 * cut in the team's zone (decisions D5).
 */
export async function getCalendar(
  db: Db,
  caller: SessionCaller,
  from: string,
  to: string,
): Promise<CalendarEntry[]> {
  const { access, timeZone } = caller;
  const { start, end } = daysSpan(from, to, timeZone);
  const sale = dealScope(access, 'sale');
  const purchase = dealScope(access, 'purchase');
  // The tariff's end is the owner's business; a member's calendar is their deals'.
  const [days, subscription] = await Promise.all([
    sale && purchase
      ? visiblePlacementsByDay(db, caller.teamId, { start, end }, timeZone, { sale, purchase })
      : placementsByDay(db, caller.teamId, from, to),
    access.owner ? latestSubscription(db, caller.teamId) : undefined,
  ]);
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
