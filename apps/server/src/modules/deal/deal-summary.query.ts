import type { DealKind } from '@addesk/contract';
import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type MoneyRange, moneyRows } from '../../db/money-rollup.js';
import { preparedQuery } from '../../db/prepared.js';
import { deals } from '../../db/schema/index.js';
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
 * (db/money-rollup.ts, which holds the live deals: the money of those not cancelled, the number and prices of those
 * cancelled): a year of a million deals in a few hundred rows instead of a third of a million. The overdue ones are
 * the few the partial index of unpaid deals holds.
 */
export async function rolledUpSummary(
  db: Db,
  teamId: number,
  kind: DealKind,
  filters: MoneyRange & { channelIds?: number[] | undefined },
  today: string,
) {
  const overdueSum = db
    .select({ sum: sql`coalesce(sum(${deals.price} - ${deals.paidAmount}), 0)` })
    .from(deals)
    .where(
      and(
        eq(deals.teamId, teamId),
        eq(deals.kind, kind),
        filters.from === undefined ? undefined : gte(deals.dealDate, filters.from),
        filters.to === undefined ? undefined : lte(deals.dealDate, filters.to),
        filters.channelIds === undefined ? undefined : inArray(deals.channelId, filters.channelIds),
        liveDeal(deals),
        sql`${deals.paidAmount} < ${deals.price}`,
        lt(deals.paymentDueDate, today),
        money,
      ),
    );
  const result = await db.execute<{
    count: number;
    total: string;
    paid: string;
    overdue: string;
    cancelledCount: number;
    cancelledAmount: string;
  }>(sql`
    select coalesce(sum(deals + cancelled), 0)::int as "count", coalesce(sum(total), 0) as total,
      coalesce(sum(paid), 0) as paid, (${overdueSum}) as overdue,
      coalesce(sum(cancelled), 0)::int as "cancelledCount", coalesce(sum(cancelled_total), 0) as "cancelledAmount"
    from (${moneyRows(teamId, filters, filters.channelIds)}) r
    where kind = ${kind}`);
  const [row] = result.rows;
  if (!row) throw new Error('an aggregate returned no row');
  return row;
}
