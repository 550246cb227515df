import { and, asc, eq, gte, lt, lte, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { counterpartName, withDealParties } from '../../db/deal-parties.js';
import { literalLimit, preparedQuery } from '../../db/prepared.js';
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
import { needsOf } from './deal-marking.facts.js';
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

const p = sql.placeholder;

/**
 * A page of the month's deals (limit + 1 rows, so the caller knows whether another follows), a range of the (team,
 * placement) index in its own order whatever the team or month. The page of deals with their parties is cut first and
 * the marking's four tables joined to its rows after: PostgreSQL plans this statement afresh on every call (for
 * `LIMIT 51` over a month the generic plan's estimate is dearer than the custom plans', so a prepared statement never
 * settles on it), and eight tables joined in one level cost 13 ms of planning for under a millisecond of work (issue
 * 38); two levels of four and five tables cost about one. Prepared all the same (db/prepared.ts), so the query is
 * built once per shape; the limit is written into the statement (a `LIMIT $n` keeps a statement from a generic plan,
 * db/prepared.ts).
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
  return preparedQuery(
    db,
    `marking-month-page/${rows}/${after ? 'after' : 'first'}`,
    values,
    'generic',
    () => {
      const month = withDealParties(
        db
          .select({
            teamId: deals.teamId,
            id: deals.id,
            kind: deals.kind,
            channelId: deals.channelId,
            employeeId: deals.employeeId,
            contactId: deals.contactId,
            postLink: deals.postLink,
            externalChannelId: deals.externalChannelId,
            placementAt: deals.placementAt,
            price: deals.price,
            postViews: deals.postViews,
            channelName: sql<string>`${channels.name}`.as('channel_name'),
            counterpart: counterpartName.as('counterpart'),
          })
          .from(deals),
      )
        .where(
          and(
            eq(deals.teamId, p('teamId')),
            gte(deals.placementAt, p('start')),
            lt(deals.placementAt, p('end')),
            liveDeal(deals),
            not(cancelledStatus(deals.statusId)),
            after &&
              sql`(${deals.placementAt}, ${deals.id}) > (${p('afterAt')}::timestamptz, ${p('afterId')})`,
          ),
        )
        .orderBy(asc(deals.placementAt), asc(deals.id))
        .limit(literalLimit(rows))
        .as('month');
      const joins = markingJoins(month);
      return db
        .select({
          ...markingColumns(month),
          kind: month.kind,
          id: month.id,
          placementAt: month.placementAt,
          price: month.price,
          channelName: month.channelName,
          counterpart: month.counterpart,
          externalChannelId: month.externalChannelId,
          enteredViews: markingReports.views,
          postViews: month.postViews,
          // The views to report: entered by hand, else the post's last reading.
          views: sql<number | null>`coalesce(${markingReports.views}, ${month.postViews})`,
        })
        .from(month)
        .leftJoin(dealMarkings, joins.marking)
        .leftJoin(markingReports, joins.report)
        .leftJoin(contactLegal, joins.contactLegal)
        .leftJoin(teamLegal, joins.teamLegal)
        .orderBy(asc(month.placementAt), asc(month.id));
    },
  ).execute();
}

export type MonthDealRow = Awaited<ReturnType<typeof listMonthDeals>>[number];

/**
 * A deal with no marking row misses something whatever else is known: every way's needs start from a column or a part
 * of that row ('Кто регистрирует рекламу' when nobody chose). The month's totals count the complete deals from their
 * markings alone (below); were a need of no row ever met by the context alone, they would have to read every deal of
 * the month again.
 */
if (
  !(['sale', 'purchase'] as const).every((kind) => needsOf(null, kind).some((need) => !('context' in need)))
) {
  throw new Error(
    'marking-month: a deal without a marking row must miss something (monthTotals counts on it)',
  );
}

/**
 * The month's totals over all its deals, whatever the page (issue 38), from the calendar's roll-up of its days in the
 * team's zone (calendar_days, migrations 0036 and 0039): how many active deals there are and their amount, how many
 * of them have a marking that lacks nothing (and how many lack nothing but the team's own legal details, complete once
 * the team has set them), and how many were sent. With something missing are all the others, a deal with no marking
 * among them (checked above). Each marking's completeness is computed by the database from `markingNeeds`, the table
 * each row's `missing` is listed by.
 */
export async function monthTotals(db: Db, teamId: number, span: MonthSpan) {
  const [days] = await db
    .select({
      deals: sql<number>`coalesce(sum(${calendarDays.activeCount}), 0)::int`,
      amount: sql<string>`coalesce(sum(${calendarDays.activeTotal}), 0)::text`,
      complete: sql<number>`coalesce(sum(${calendarDays.completeCount}
        + case when exists (select 1 from ${teamLegal} where ${teamLegal.teamId} = ${teamId})
          then ${calendarDays.completeIfLegalCount} else 0 end), 0)::int`,
      sent: sql<number>`coalesce(sum(${calendarDays.sentCount}), 0)::int`,
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
  return {
    deals: all,
    withMissing: all - Number(days?.complete ?? 0),
    amount: days?.amount ?? '0',
    sent: Number(days?.sent ?? 0),
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
