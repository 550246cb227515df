import { and, asc, eq, gte, lt, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { counterpartName, withDealParties } from '../../db/deal-parties.js';
import {
  channels,
  contactLegal,
  dealMarkings,
  deals,
  markingReports,
  teamLegal,
} from '../../db/schema/index.js';
import { cancelledStatus, liveDeal } from '../../db/team-record.js';
import { type MarkingNeed, markingNeeds } from './deal-marking.facts.js';
import { markingColumns, markingJoins } from './deal-marking.repository.js';

// The month's paperwork (issue 35): the team's deals placed in a month, read as the card reads one deal (the same
// columns and joins, deal-marking.repository.ts), a page at a time, and the month's totals in one aggregate.

/** The instants a month covers in the team's zone, [start, end): lib/dates `daysSpan` of its first and last days. */
export type MonthSpan = { start: Date; end: Date };

/**
 * The deals of a month: live, not cancelled, of either kind, placed within the span. A range of the (team,
 * placement) index, deals_team_placement_idx: whatever the team's size, a month reads its own deals only.
 */
export const inMonth = (teamId: number, span: MonthSpan) =>
  and(
    eq(deals.teamId, teamId),
    gte(deals.placementAt, span.start),
    lt(deals.placementAt, span.end),
    liveDeal(deals),
    not(cancelledStatus(deals.statusId)),
  );

/** Where a page starts: after this placement, in placement then id order. */
export type MonthCursor = { placementAt: string; id: number };

/** The views to report: entered by hand, else the post's last reading. */
const reportedViews = sql<number | null>`coalesce(${markingReports.views}, ${deals.postViews})`;

/** A page of the month's deals (limit + 1 rows, so the caller knows whether another follows). */
export function listMonthDeals(
  db: Db,
  teamId: number,
  span: MonthSpan,
  page: { limit: number; after?: MonthCursor | undefined },
) {
  const { after } = page;
  return withDealParties(
    db
      .select({
        ...markingColumns,
        kind: deals.kind,
        id: deals.id,
        placementAt: deals.placementAt,
        price: deals.price,
        channelName: channels.name,
        counterpart: counterpartName,
        externalChannelId: deals.externalChannelId,
        enteredViews: markingReports.views,
        postViews: deals.postViews,
        views: reportedViews,
      })
      .from(deals),
  )
    .leftJoin(dealMarkings, markingJoins.marking)
    .leftJoin(markingReports, markingJoins.report)
    .leftJoin(contactLegal, markingJoins.contactLegal)
    .leftJoin(teamLegal, markingJoins.teamLegal)
    .where(
      and(
        inMonth(teamId, span),
        after && sql`(${deals.placementAt}, ${deals.id}) > (${after.placementAt}::timestamptz, ${after.id})`,
      ),
    )
    .orderBy(asc(deals.placementAt), asc(deals.id))
    .limit(page.limit + 1);
}

export type MonthDealRow = Awaited<ReturnType<typeof listMonthDeals>>[number];

/** Given in SQL as `given` is in deal-marking.facts.ts: neither absent nor empty. */
const givenSql = (value: SQL) => sql`coalesce(${value}, '') <> ''`;

const partColumns = {
  advertiser: dealMarkings.advertiser,
  seller: dealMarkings.seller,
  contract: dealMarkings.contract,
  creative: dealMarkings.creative,
};
const markingColumnsByName = {
  registeredBy: dealMarkings.registeredBy,
  erid: dealMarkings.erid,
  reason: dealMarkings.reason,
};

/** Whether a need is met, in SQL over the deal, its marking and the team's legal details. */
function hasSql(need: MarkingNeed): SQL {
  let met: SQL;
  if ('context' in need) met = sql`${teamLegal.teamId} is not null`;
  else if ('column' in need) met = givenSql(sql`${markingColumnsByName[need.column]}::text`);
  else met = givenSql(sql`${partColumns[need.part]} ->> ${need.field}::text`);
  if (!need.kinds) return met;
  // A need of other kinds only is met by every deal of this one.
  return sql`(${deals.kind} <> all(${`{${need.kinds.join(',')}}`}::text[]) or ${met})`;
}

/**
 * Whether something is missing from a deal's marking, in SQL: `missingOf` of deal-marking.facts.ts, built from the
 * same table of needs, so the totals and each row cannot disagree (the month's tests count both ways).
 */
export const missingSql = sql.join(
  [
    sql`(case coalesce(${dealMarkings.registeredBy}, 'none')`,
    ...Object.entries(markingNeeds).map(
      ([way, needs]) =>
        sql`when ${way} then not (${needs.length === 0 ? sql`true` : sql.join(needs.map(hasSql), sql` and `)})`,
    ),
    sql`end)`,
  ],
  sql` `,
);

/** The statistics and the act both accepted by the ОРД. */
const sentSql = sql`(${markingReports.statistics} = 'done' and ${markingReports.act} = 'done')`;

/** The month's totals over all its deals, whatever the page: one aggregate over the same range. */
export async function monthTotals(db: Db, teamId: number, span: MonthSpan) {
  const [row] = await db
    .select({
      deals: sql<number>`count(*)::int`,
      withMissing: sql<number>`(count(*) filter (where ${missingSql}))::int`,
      amount: sql<string>`coalesce(sum(${deals.price}), 0)::text`,
      sent: sql<number>`(count(*) filter (where ${sentSql}))::int`,
    })
    .from(deals)
    .leftJoin(dealMarkings, markingJoins.marking)
    .leftJoin(markingReports, markingJoins.report)
    .leftJoin(teamLegal, markingJoins.teamLegal)
    .where(inMonth(teamId, span));
  return {
    deals: Number(row?.deals ?? 0),
    withMissing: Number(row?.withMissing ?? 0),
    amount: row?.amount ?? '0',
    sent: Number(row?.sent ?? 0),
  };
}

/** Sets the views entered by hand for a deal's report (null: back to the post's readings). */
export async function saveViews(db: Db, teamId: number, dealId: number, views: number | null) {
  await db
    .insert(markingReports)
    .values({ teamId, dealId, views })
    .onConflictDoUpdate({
      target: [markingReports.teamId, markingReports.dealId],
      set: { views, updatedAt: sql`now()` },
    });
}
