import type { DealKind, FinanceBasis, FinanceStep } from '@addesk/contract';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { withDealParties } from '../../db/deal-parties.js';
import { type MoneyRange, moneyRows } from '../../db/money-rollup.js';
import { literalLimit, preparedQuery } from '../../db/prepared.js';
import { channels, contacts, deals, externalChannels } from '../../db/schema/index.js';
import { cancelledStatus, liveDeal } from '../../db/team-record.js';

// Every figure of finance reads the money roll-up (db/money-rollup.ts): at most a row per month or day, channel and
// kind, however many deals and payments those are. Only the debts' own lines read deals. A cancelled deal counts
// nowhere by deal date and is no debt; what was received for it still counts by payment date (docs/decisions/016).
// A deleted deal counts nowhere at all, not even what was received for it (docs/decisions/017, migration 0016).

/** The first day of the step a day falls in: itself, its week's Monday, its month's first day. */
const stepStart = (step: FinanceStep) =>
  step === 'day' ? sql`day` : sql`date_trunc(${sql.raw(`'${step}'`)}, day::timestamp)::date`;

export type MoneyGroup = {
  kind: DealKind;
  /** Set on the per-channel rows: the team's channel. */
  channel: ChannelRef | null;
  /** Set on the series' rows: the step's first day. */
  period: string | null;
  /** Whether the row is of the asked period (true) or the one before it (false); null on the series' rows. */
  current: boolean | null;
  amount: number;
  deals: number;
  /**
   * The average CPM of the row's deals by deal date (the prices of those whose post has views × 1000 / their views,
   * to the kopeck); null when none has views.
   */
  cpm: number | null;
};

export type ChannelRef = { id: number; name: string; iconLink: string | null };

type MoneyGroupRow = {
  kind: DealKind;
  channel_id: string | number | null;
  channel_name: string;
  channel_icon: string | null;
  period: string | null;
  current: boolean | null;
  amount: string;
  deals: string | number;
  cpm: string | null;
};

/**
 * The amounts (prices by deal date, or payments by payment date) per kind for the asked period and the one before it,
 * per kind and channel, and per kind and step of the asked period; and the average CPM of each (by deal date, whatever
 * the basis). The periods' and channels' figures read the roll-up by whole months where they can, the series by its
 * step's whole weeks or months, or days (db/money-rollup.ts). Summing a month's days per channel as well cost PGlite
 * three times as much as reading the month twice (decision 033). A channel's row carries the channel's name and icon
 * (no query of its own); a channel that is not the team's has no row.
 */
export async function moneyGroups(
  db: Db,
  teamId: number,
  q: { previous: MoneyRange; from: string; to: string; channelIds?: number[] | undefined },
  basis: FinanceBasis,
  step: FinanceStep,
): Promise<MoneyGroup[]> {
  const amount = basis === 'accrual' ? sql`total` : sql`received`;
  const sums = sql`coalesce(sum(${amount}), 0) as amount, sum(deals) as deals,
    round(sum(viewed_total) * 1000 / nullif(sum(views), 0), 2) as cpm`;
  const result = await db.execute<MoneyGroupRow>(sql`
    select g.*, ${channels.name} as channel_name, ${channels.iconLink} as channel_icon
    from (
      select kind, case when grouping(channel_id) = 0 then channel_id end as channel_id, null as period, current, ${sums}
      from (
        select *, day >= ${q.from}::date as current
        from (${moneyRows(teamId, q.previous, q.channelIds)} union all ${moneyRows(teamId, q, q.channelIds)}) r
      ) m
      group by grouping sets ((kind, current), (kind, current, channel_id))
      union all
      select kind, null, to_char(${stepStart(step)}, 'YYYY-MM-DD'), null, ${sums}
      from (${moneyRows(teamId, q, q.channelIds, step)}) r
      group by 1, 3
    ) g
    left join ${channels} on ${channels.teamId} = ${teamId} and ${channels.id} = g.channel_id
    where g.channel_id is null or ${channels.id} is not null`);
  return result.rows.map((r) => ({
    kind: r.kind,
    channel:
      r.channel_id === null
        ? null
        : { id: Number(r.channel_id), name: r.channel_name, iconLink: r.channel_icon },
    period: r.period,
    current: r.current,
    amount: Number(r.amount),
    deals: Number(r.deals),
    cpm: r.cpm === null ? null : Number(r.cpm),
  }));
}

export const channelRefColumns = { id: channels.id, name: channels.name, iconLink: channels.iconLink };

export const findChannelRefs = (db: Db, teamId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select(channelRefColumns)
        .from(channels)
        .where(and(eq(channels.teamId, teamId), inArray(channels.id, ids)));

/**
 * What is left to pay of the deals of each kind (on these channels or all), and how many are not paid in full: the
 * team's whole roll-up, a row per month.
 */
export async function debtTotals(db: Db, teamId: number, channelIds: number[] | undefined) {
  const result = await db.execute<{ kind: DealKind; total: string; count: string }>(sql`
    select kind, coalesce(sum(total - paid), 0) as total, coalesce(sum(unpaid), 0) as count
    from (${moneyRows(teamId, {}, channelIds)}) r
    group by kind`);
  return result.rows.map((r) => ({ kind: r.kind, total: Number(r.total), count: Number(r.count) }));
}

const p = sql.placeholder;

/**
 * The first `limit` deals of a kind not paid in full and not cancelled, the soonest due first (so the longest overdue
 * lead), those without a due date last, then by deal date: the order of the partial index deals_team_kind_unpaid_idx
 * (the statuses are a dozen rows, looked up by key per deal read). Built once per shape (db/prepared.ts): building
 * the two sides' queries was a quarter to a third of the debts' CPU in Node. For all channels the statement is named,
 * so parsed once per connection; PostgreSQL still plans it for each execution (its generic plan, costed for a team of
 * unknown size, looks dearer than a large team's custom one, though it runs as fast); on some channels it is planned
 * for them, as the lists' filters are.
 */
export function unpaidDeals(
  db: Db,
  teamId: number,
  kind: DealKind,
  channelIds: number[] | undefined,
  limit: number,
) {
  const all = channelIds === undefined;
  return preparedQuery(
    db,
    `debts/${all ? 'all' : 'channels'}/${limit}`,
    { teamId, kind, ...(!all && { channelIds }) },
    all ? 'generic' : 'values',
    () =>
      withDealParties(
        db
          .select({
            dealId: deals.id,
            channel: channelRefColumns,
            externalName: externalChannels.name,
            externalUsername: externalChannels.username,
            contactName: contacts.name,
            contactUsername: contacts.username,
            dealDate: deals.dealDate,
            price: deals.price,
            paidAmount: deals.paidAmount,
            paymentDueDate: deals.paymentDueDate,
          })
          .from(deals),
      )
        .where(
          and(
            eq(deals.teamId, p('teamId')),
            eq(deals.kind, p('kind')),
            liveDeal(deals),
            lt(deals.paidAmount, deals.price),
            sql`not ${cancelledStatus(deals.statusId)}`,
            all ? undefined : sql`${deals.channelId} = any(${p('channelIds')})`,
          ),
        )
        .orderBy(asc(deals.paymentDueDate), asc(deals.dealDate), asc(deals.id))
        .limit(literalLimit(limit)),
  );
}
