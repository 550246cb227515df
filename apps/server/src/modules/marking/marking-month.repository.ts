import { and, asc, eq, gte, lt, lte, not, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { counterpartName, withDealParties } from '../../db/deal-parties.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  calendarDays,
  channels,
  contactLegal,
  dealMarkings,
  deals,
  markingReports,
  teamLegal,
} from '../../db/schema/index.js';
import { cancelledStatus, liveDeal } from '../../db/team-record.js';
import { type MarkingNeed, markingNeeds, needsOf } from './deal-marking.facts.js';
import { markingColumns, markingJoins } from './deal-marking.repository.js';

// The month's paperwork (issue 35): the team's deals placed in a month, read as the card reads one deal (the same
// columns and joins, deal-marking.repository.ts), a page at a time, and the month's totals from the calendar's roll-up
// and the month's marked deals.

/**
 * A month in the team's zone: its first and last days, and the instants they cover, [start, end) (lib/dates
 * `daysSpan` of the two days).
 */
export type MonthSpan = { first: string; last: string; start: Date; end: Date };

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

const p = sql.placeholder;

/**
 * A page of the month's deals (limit + 1 rows, so the caller knows whether another follows). Prepared with a generic
 * plan (db/prepared.ts): the page is a range of the (team, placement) index in its own order whatever the team or
 * month, and planning its nine relations cost PostgreSQL about ten times its execution (12 ms against 0.9 ms on the
 * loaded benchmark machine, issue 38). The limit is written into the statement (a `LIMIT $n` keeps a statement from a
 * generic plan, deal-list.query.ts).
 */
export function listMonthDeals(
  db: Db,
  teamId: number,
  span: MonthSpan,
  page: { limit: number; after?: MonthCursor | undefined },
) {
  const { after } = page;
  const rows = Math.trunc(page.limit) + 1;
  const values = {
    teamId,
    start: span.start.toISOString(),
    end: span.end.toISOString(),
    ...(after && { afterAt: after.placementAt, afterId: after.id }),
  };
  return preparedQuery(db, `marking-month-page/${rows}/${after ? 'after' : 'first'}`, values, 'generic', () =>
    withDealParties(
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
          eq(deals.teamId, p('teamId')),
          gte(deals.placementAt, p('start')),
          lt(deals.placementAt, p('end')),
          liveDeal(deals),
          not(cancelledStatus(deals.statusId)),
          after && sql`(${deals.placementAt}, ${deals.id}) > (${p('afterAt')}::timestamptz, ${p('afterId')})`,
        ),
      )
      .orderBy(asc(deals.placementAt), asc(deals.id))
      .limit(sql.raw(String(rows)) as unknown as Placeholder),
  ).execute();
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

/**
 * A deal with no marking row misses something whatever else is known: every way's needs start from a column or a part
 * of that row ('Кто регистрирует рекламу' when nobody chose). The month's totals count only the deals that have a row
 * (below); were a need of no row ever met by the context alone, they would have to read every deal of the month again.
 */
if (
  !(['sale', 'purchase'] as const).every((kind) => needsOf(null, kind).some((need) => !('context' in need)))
) {
  throw new Error(
    'marking-month: a deal without a marking row must miss something (monthTotals counts on it)',
  );
}

/**
 * The month's totals over all its deals, whatever the page (issue 38): how many there are and their amount from the
 * calendar's roll-up (calendar_days' active deals and prices per day in the team's zone), and which of them lack
 * nothing or were sent from the deals whose marking or report row is placed in the month (each row carries its deal's
 * placement, migration 0037). With something missing are all the month's deals but those marked completely (checked
 * above); a sent deal has a report row. `missingSql` is the same rule as each row's `missing`.
 */
export async function monthTotals(db: Db, teamId: number, span: MonthSpan) {
  const placedInMonth = (table: typeof dealMarkings | typeof markingReports) =>
    sql`select ${table.dealId} from ${table} where ${table.teamId} = ${teamId}
      and ${table.placementAt} >= ${span.start} and ${table.placementAt} < ${span.end}`;
  const [days] = await db
    .select({
      deals: sql<number>`coalesce(sum(${calendarDays.activeCount}), 0)::int`,
      amount: sql<string>`coalesce(sum(${calendarDays.activeTotal}), 0)::text`,
    })
    .from(calendarDays)
    .where(
      and(
        eq(calendarDays.teamId, teamId),
        gte(calendarDays.day, span.first),
        lte(calendarDays.day, span.last),
      ),
    );
  const all = Number(days?.deals ?? 0);
  const [marked] = await db
    .select({
      complete: sql<number>`(count(*) filter (where ${dealMarkings.dealId} is not null and not ${missingSql}))::int`,
      sent: sql<number>`(count(*) filter (where ${sentSql}))::int`,
    })
    .from(deals)
    .leftJoin(dealMarkings, markingJoins.marking)
    .leftJoin(markingReports, markingJoins.report)
    .leftJoin(teamLegal, markingJoins.teamLegal)
    .where(
      and(
        inMonth(teamId, span),
        sql`${deals.id} in (${placedInMonth(dealMarkings)} union ${placedInMonth(markingReports)})`,
      ),
    );
  return {
    deals: all,
    withMissing: all - Number(marked?.complete ?? 0),
    amount: days?.amount ?? '0',
    sent: Number(marked?.sent ?? 0),
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
