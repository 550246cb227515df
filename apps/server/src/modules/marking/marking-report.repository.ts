import type { OrdWorkStatus } from '@addesk/contract';
import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dealMarkings, deals, markingReports, teams } from '../../db/schema/index.js';
import { liveDeal } from '../../db/team-record.js';
import { markingJoins } from './deal-marking.repository.js';
import { inMonth, type MonthSpan } from './marking-month.repository.js';

// A deal's month report to the ОРД (issue 35): its statistics and its act, each queued, done or failed with a reason
// (marking_reports). Sending a month marks them queued; the report job notes what the ОРД answered.

const dealJoins = markingJoins(deals);

/** Neither accepted nor waiting already: to be queued. */
const open = (status: SQLWrapper) => sql`coalesce(${status}, '') not in ('done', 'queued')`;

/**
 * Marks queued, in the caller's transaction, the statistics and the act not yet accepted nor waiting of every deal of
 * the month that we registered and that has its erid; answers those deals' ids. One statement over the month's range
 * of the (team, placement) index.
 */
export async function queueMonthReports(db: Db, teamId: number, span: MonthSpan): Promise<number[]> {
  const result = await db.execute<{ deal_id: number | string }>(sql`
    insert into ${markingReports} (team_id, deal_id, statistics, act)
    select ${deals.teamId}, ${deals.id}, 'queued', 'queued'
    from ${deals}
    join ${dealMarkings} on ${dealJoins.marking}
    left join ${markingReports} on ${dealJoins.report}
    where ${inMonth(teamId, span)}
      and ${dealMarkings.registeredBy} = 'us' and ${dealMarkings.erid} is not null
      and (${open(markingReports.statistics)} or ${open(markingReports.act)})
    -- A row that exists keeps what the ОРД accepted and queues the rest again, its old reason cleared.
    on conflict (team_id, deal_id) do update set
      statistics = case when marking_reports.statistics = 'done' then 'done' else 'queued' end,
      statistics_error = case when marking_reports.statistics = 'done' then marking_reports.statistics_error end,
      act = case when marking_reports.act = 'done' then 'done' else 'queued' end,
      act_error = case when marking_reports.act = 'done' then marking_reports.act_error end,
      updated_at = now()
    -- Checked again on the row as it stands once locked: of two sends at once, the second finds it queued and
    -- neither updates nor answers it, so no deal is queued twice.
    where ${open(sql.raw('marking_reports.statistics'))} or ${open(sql.raw('marking_reports.act'))}
    returning deal_id`);
  return result.rows.map((row) => Number(row.deal_id));
}

/** What a live deal's report is made of, and where its two parts stand; undefined when the deal is gone. */
export async function findReportDeal(db: Db, teamId: number, dealId: number) {
  const [row] = await db
    .select({
      kind: deals.kind,
      channelId: deals.channelId,
      externalChannelId: deals.externalChannelId,
      placementAt: deals.placementAt,
      price: deals.price,
      views: sql<number | null>`coalesce(${markingReports.views}, ${deals.postViews})`,
      contract: dealMarkings.contract,
      statistics: markingReports.statistics,
      act: markingReports.act,
      timeZone: teams.timeZone,
    })
    .from(deals)
    .innerJoin(teams, eq(teams.id, deals.teamId))
    .leftJoin(dealMarkings, dealJoins.marking)
    .leftJoin(markingReports, dealJoins.report)
    .where(and(eq(deals.teamId, teamId), eq(deals.id, dealId), liveDeal(deals)));
  return row;
}

/** Notes where one part of a deal's report stands now (a reason with a failure). */
export async function noteReport(
  db: Db,
  teamId: number,
  dealId: number,
  part: 'statistics' | 'act',
  status: OrdWorkStatus,
  message: string | null,
) {
  const values =
    part === 'statistics'
      ? { statistics: status, statisticsError: message }
      : { act: status, actError: message };
  await db
    .update(markingReports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(markingReports.teamId, teamId), eq(markingReports.dealId, dealId)));
}
