import type { DealKind } from '@addesk/contract';
import { and, eq, gte, inArray, lt, lte, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { deals, moneyDays } from '../../db/schema/index.js';
import { cancelledStatus, liveDeal } from '../../db/team-record.js';
import { overdue, type Part } from './deal-list.filters.js';
import { matching } from './deal-list.query.js';

// The summary line under a deal list: the totals of every deal its filters match, not only the page shown.

/** A deal whose status cancels it ('Отменена'): it is in the lists but carries no money (docs/decisions/016). */
const cancelled = cancelledStatus(deals.statusId);
const money = sql`not (${cancelled})`;

/**
 * What a list shows, summed: how many deals, and of those not cancelled their prices, what is paid, what is left and
 * what is overdue on the team's `today`; of the cancelled ones how many and their prices.
 */
export function dealsSummaryQuery(
  db: Db,
  teamId: number,
  kind: DealKind,
  parts: (Part | undefined)[],
  today: string,
) {
  const { shape, where, values } = matching(teamId, kind, parts);
  return preparedQuery(db, `sum.${shape}`, { ...values, today }, 'values', () =>
    db
      .select({
        count: sql<number>`count(*)::int`,
        total: sql<string>`coalesce(sum(${deals.price}) filter (where ${money}), 0)`,
        paid: sql<string>`coalesce(sum(${deals.paidAmount}) filter (where ${money}), 0)`,
        overdue: sql<string>`coalesce(sum(${deals.price} - ${deals.paidAmount}) filter (where ${overdue} and ${money}), 0)`,
        cancelledCount: sql<number>`(count(*) filter (where ${cancelled}))::int`,
        cancelledAmount: sql<string>`coalesce(sum(${deals.price}) filter (where ${cancelled}), 0)`,
      })
      .from(deals)
      .where(where),
  );
}

/**
 * The same totals for a list filtered by channel and deal date only (the screens' default), from the money roll-up
 * (money_days, which holds the live deals that are not cancelled): a year of a million deals in a few hundred rows
 * instead of a third of a million. The cancelled deals are read by the status index (how many, how much) and the
 * overdue ones are the few the partial index of unpaid deals holds.
 */
export async function rolledUpSummary(
  db: Db,
  teamId: number,
  kind: DealKind,
  filters: { from?: string | undefined; to?: string | undefined; channelIds?: number[] | undefined },
  today: string,
) {
  // The same team, kind, days and channels, on deals and on the roll-up.
  const on = (team: SQLWrapper, k: SQLWrapper, day: SQLWrapper, channel: SQLWrapper) =>
    and(
      eq(team, teamId),
      eq(k, kind),
      filters.from === undefined ? undefined : gte(day, filters.from),
      filters.to === undefined ? undefined : lte(day, filters.to),
      filters.channelIds === undefined ? undefined : inArray(channel, filters.channelIds),
    );
  const ofDeals = and(on(deals.teamId, deals.kind, deals.dealDate, deals.channelId), liveDeal(deals));
  const overdueSum = db
    .select({ sum: sql`coalesce(sum(${deals.price} - ${deals.paidAmount}), 0)` })
    .from(deals)
    .where(and(ofDeals, sql`${deals.paidAmount} < ${deals.price}`, lt(deals.paymentDueDate, today), money));
  const [row] = await db
    .select({
      count: sql<number>`coalesce(sum(${moneyDays.deals}), 0)::int`,
      total: sql<string>`coalesce(sum(${moneyDays.total}), 0)`,
      paid: sql<string>`coalesce(sum(${moneyDays.paid}), 0)`,
      overdue: sql<string>`(${overdueSum})`,
    })
    .from(moneyDays)
    .where(on(moneyDays.teamId, moneyDays.kind, moneyDays.day, moneyDays.channelId));
  const [off] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${deals.price}), 0)`,
    })
    .from(deals)
    .where(and(ofDeals, cancelled));
  if (!row || !off) throw new Error('an aggregate returned no row');
  return { ...row, count: row.count + off.count, cancelledCount: off.count, cancelledAmount: off.amount };
}
