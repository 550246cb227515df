import {
  type DealKind,
  type MarkingMonth,
  type MarkingMonthDeal,
  markingDeadline,
  monthDays,
  roundMoney,
  z,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import type { SessionCaller } from '../../lib/caller.js';
import { decodeCursor, toPage } from '../../lib/cursor.js';
import { dayOf, daysSpan } from '../../lib/dates.js';
import { dealOf, present } from './deal-marking.service.js';
import { daysBetween, dueMonth } from './marking-month.facts.js';
import * as repo from './marking-month.repository.js';

// The month's paperwork (issue 35, docs/decisions/032): the deals placed in a month as the team's calendar sees it,
// each with the marking its card shows, the views and the act's amount to report, and the deadline.

/**
 * The instants a month covers in the team's zone: the schedule's rule for its days (lib/dates `daysSpan` over
 * `placement_at`), so a deal placed at 23:30 on the month's last day is in it wherever UTC puts it.
 */
export const monthSpan = (month: string, timeZone: string): repo.MonthSpan => {
  const { first, last } = monthDays(month);
  return { first, last, ...daysSpan(first, last, timeZone) };
};

const cursorKey = z.tuple([z.iso.datetime(), z.number().int().positive()]);

/** One deal of the month: its card's state and missing (`present`, the same call GET …/marking makes). */
export function monthDealOf(row: repo.MonthDealRow, timeZone: string): MarkingMonthDeal {
  const kind: DealKind = row.kind;
  const marking = present(kind, row);
  return {
    kind,
    id: row.id,
    date: dayOf(row.placementAt, timeZone),
    channel: { id: row.channelId, name: row.channelName },
    counterpart: row.counterpart,
    erid: marking.erid,
    state: marking.state,
    views: row.views === null ? null : Number(row.views),
    viewsSource: row.enteredViews !== null ? 'entered' : row.postViews !== null ? 'post' : null,
    amount: roundMoney(row.price),
    missing: marking.missing,
    statistics: row.statistics && { status: row.statistics, message: row.statisticsError },
    act: row.act && { status: row.act, message: row.actError },
    erirStatus: marking.erirStatus,
  };
}

/** `GET /api/marking/months/{yyyy-mm}`: a page of the month's deals by placement, the month's totals and deadline. */
export async function getMarkingMonth(
  db: Db,
  caller: SessionCaller,
  month: string,
  query: { cursor?: string | undefined; limit: number },
  now: Date,
): Promise<MarkingMonth> {
  const after = decodeCursor(query.cursor, cursorKey);
  const { timeZone } = caller;
  const span = monthSpan(month, timeZone);
  const [rows, totals] = await Promise.all([
    repo.listMonthDeals(db, caller.teamId, span, {
      limit: query.limit,
      after: after && { placementAt: after[0], id: after[1] },
    }),
    repo.monthTotals(db, caller.teamId, span),
  ]);
  const page = toPage(
    rows,
    query.limit,
    (row) => monthDealOf(row, timeZone),
    (row) => [row.placementAt.toISOString(), row.id],
  );
  const deadline = markingDeadline(month);
  return {
    month,
    deadline,
    daysLeft: daysBetween(dayOf(now, timeZone), deadline),
    totals: { ...totals, amount: roundMoney(totals.amount) },
    deals: page.items,
    nextCursor: page.nextCursor,
  };
}

/**
 * `PUT /api/{sale|purchase}/{id}/marking/views`: the views to report, entered by whoever may change the deal (null:
 * back to the post's). Answers the deal's marking, as PUT …/marking does.
 */
export function putMarkingViews(
  db: Db,
  caller: SessionCaller,
  kind: DealKind,
  id: number,
  views: number | null,
) {
  return db.transaction(async (tx) => {
    await dealOf(tx, caller, kind, id, 'change');
    await repo.saveViews(tx, caller.teamId, id, views);
    return present(kind, await dealOf(tx, caller, kind, id, 'see'));
  });
}

/** The month due within 5 days with how many of its deals lack something; null when none is or nothing is missing. */
export async function monthDue(db: Db, teamId: number, timeZone: string, now: Date, withinDays?: number) {
  const due = dueMonth(dayOf(now, timeZone), withinDays);
  if (!due) return null;
  const { withMissing } = await repo.monthTotals(db, teamId, monthSpan(due.month, timeZone));
  return withMissing > 0 ? { ...due, withMissing } : null;
}

/** `GET /api/marking/due`: the owner's dashboard warning. */
export const getMarkingDue = (db: Db, caller: SessionCaller, now: Date) =>
  monthDue(db, caller.teamId, caller.timeZone, now);
