import type { DealKind } from '@addesk/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  channelEmployees,
  channelRoles,
  channels,
  dealPayments,
  deals,
  employees,
  payouts,
  salaryTypes,
} from '../../db/schema/index.js';
import { cancelledStatus, liveDeal, teamRecord } from '../../db/team-record.js';

/** The salary types by their fixed ids (migration 0001): what each rate is a rate of. */
export const SALARY = { fixed: 1, salesPercent: 2, purchasesPercent: 3, perPost: 4 } as const;

export type Period = { from: string; to: string; start: Date; end: Date };

/** A live, not cancelled deal: the only kind that earns anything. */
const earning = and(liveDeal(deals), sql`not ${cancelledStatus(deals.statusId)}`);

/** The money received in the period for the person's deals of a kind on the role's channel (a percent's basis). */
const received = (kind: DealKind, period: Period) => sql<string>`(
  select coalesce(sum(${dealPayments.amount}), 0) from ${deals}
    join ${dealPayments} on ${dealPayments.teamId} = ${deals.teamId} and ${dealPayments.dealId} = ${deals.id}
     and ${dealPayments.paidAt} between ${period.from} and ${period.to}
   where ${deals.teamId} = ${channelEmployees.teamId} and ${deals.kind} = ${kind}
     and ${deals.employeeId} = ${channelEmployees.employeeId} and ${deals.channelId} = ${channelEmployees.channelId}
     and ${earning})`;

/** The posts that went out on the role's channel in the period (pay per post's basis): the sales placed there. */
const posts = (period: Period) => sql<string>`(
  select count(*) from ${deals}
   where ${deals.teamId} = ${channelEmployees.teamId} and ${deals.kind} = 'sale'
     and ${deals.channelId} = ${channelEmployees.channelId}
     and ${deals.placementAt} >= ${period.start.toISOString()}::timestamptz
     and ${deals.placementAt} < ${period.end.toISOString()}::timestamptz
     and ${earning})`;

/**
 * Every role of these people (all of the team's: undefined) with its terms and what its rate applies to in the period,
 * in one statement: each basis is an index range of the person's deals (or the channel's placements).
 */
export function roleLines(db: Db, teamId: number, people: number[] | undefined, period: Period) {
  return db
    .select({
      employeeId: channelEmployees.employeeId,
      channelId: channelEmployees.channelId,
      channelName: channels.name,
      roleId: channelEmployees.roleId,
      roleName: channelRoles.name,
      salaryTypeId: channelEmployees.salaryTypeId,
      salaryTypeName: salaryTypes.name,
      rate: channelEmployees.rate,
      since: channelEmployees.createdAt,
      basis: sql<string>`case ${channelEmployees.salaryTypeId}
        when ${SALARY.salesPercent} then ${received('sale', period)}
        when ${SALARY.purchasesPercent} then ${received('purchase', period)}
        when ${SALARY.perPost} then ${posts(period)}
        else 0 end`,
    })
    .from(channelEmployees)
    .innerJoin(channels, teamRecord(channels, channelEmployees.teamId, channelEmployees.channelId))
    .innerJoin(channelRoles, eq(channelRoles.id, channelEmployees.roleId))
    .leftJoin(salaryTypes, eq(salaryTypes.id, channelEmployees.salaryTypeId))
    .where(and(eq(channelEmployees.teamId, teamId), people && inArray(channelEmployees.employeeId, people)))
    .orderBy(asc(channelEmployees.employeeId), asc(channels.name), asc(channelEmployees.roleId));
}

/** What was paid out to each of these people in the period. */
export function paidOut(db: Db, teamId: number, people: number[] | undefined, period: Period) {
  return db
    .select({ employeeId: payouts.employeeId, paid: sql<string>`sum(${payouts.amount})` })
    .from(payouts)
    .where(
      and(
        eq(payouts.teamId, teamId),
        gte(payouts.paidOn, period.from),
        lte(payouts.paidOn, period.to),
        people && inArray(payouts.employeeId, people),
      ),
    )
    .groupBy(payouts.employeeId);
}

/** Names of these people, removed ones included (a payout to someone who left still shows whose it was). */
export function namesOf(db: Db, teamId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: employees.id,
      name: sql<string>`trim(${employees.firstName} || ' ' || ${employees.secondName})`,
      removed: sql<boolean>`${employees.removedAt} is not null`,
    })
    .from(employees)
    .where(and(eq(employees.teamId, teamId), inArray(employees.id, ids)));
}

/** The team's people still in it, for the owner's payroll: everyone is listed, a person with no pay at zero. */
export function memberIds(db: Db, teamId: number) {
  return db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.teamId, teamId), isNull(employees.removedAt)));
}

/**
 * The deals behind one person's percent and per-post lines in the period, newest first: their deals with money received
 * in it, and the sales placed on the channels where they are paid per post. At most `limit`, with how many in all.
 */
export async function dealsBehind(
  db: Db,
  teamId: number,
  employeeId: number,
  lines: { channelId: number; salaryTypeId: number | null }[],
  period: Period,
  limit: number,
) {
  const percent = (type: number) => lines.filter((l) => l.salaryTypeId === type).map((l) => l.channelId);
  const perPost = percent(SALARY.perPost);
  const arms = [
    ...(['sale', 'purchase'] as const).map((kind) => {
      const channelIds = percent(kind === 'sale' ? SALARY.salesPercent : SALARY.purchasesPercent);
      return channelIds.length === 0
        ? undefined
        : sql`(${deals.kind} = ${kind} and ${deals.employeeId} = ${employeeId} and ${inArray(deals.channelId, channelIds)}
            and exists (select 1 from ${dealPayments} where ${dealPayments.teamId} = "deals"."team_id"
              and ${dealPayments.dealId} = "deals"."id" and ${dealPayments.paidAt} between ${period.from} and ${period.to}))`;
    }),
    perPost.length === 0
      ? undefined
      : sql`(${deals.kind} = 'sale' and ${inArray(deals.channelId, perPost)}
          and ${deals.placementAt} >= ${period.start.toISOString()}::timestamptz
          and ${deals.placementAt} < ${period.end.toISOString()}::timestamptz)`,
  ].filter((arm) => arm !== undefined);
  if (arms.length === 0) return { rows: [], total: 0 };
  const where = and(eq(deals.teamId, teamId), earning, sql`(${sql.join(arms, sql` or `)})`);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        kind: deals.kind,
        id: deals.id,
        channelId: deals.channelId,
        date: deals.dealDate,
        price: deals.price,
        placementAt: deals.placementAt,
        // Named in full: in a one-table select Drizzle writes its columns bare, and bare they would be the payments'.
        received: sql<string>`(select coalesce(sum(p.amount), 0) from ${dealPayments} p
          where p.team_id = "deals"."team_id" and p.deal_id = "deals"."id"
            and p.paid_at between ${period.from} and ${period.to})`,
      })
      .from(deals)
      .where(where)
      .orderBy(desc(deals.placementAt), desc(deals.id))
      .limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(deals).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Payouts of these people (all of the team's: undefined), newest first, within a period when given. */
export function listPayouts(
  db: Db,
  teamId: number,
  people: number[] | undefined,
  period?: { from: string; to: string },
) {
  return db
    .select({
      id: payouts.id,
      employeeId: payouts.employeeId,
      amount: payouts.amount,
      date: payouts.paidOn,
      paymentMethodId: payouts.paymentMethodId,
      note: payouts.note,
    })
    .from(payouts)
    .where(
      and(
        eq(payouts.teamId, teamId),
        people && inArray(payouts.employeeId, people),
        period && gte(payouts.paidOn, period.from),
        period && lte(payouts.paidOn, period.to),
      ),
    )
    .orderBy(desc(payouts.paidOn), desc(payouts.id));
}

export async function insertPayout(
  db: Db,
  values: {
    teamId: number;
    employeeId: number;
    amount: string;
    paidOn: string;
    paymentMethodId: number | null;
    note: string | null;
    createdBy: number;
  },
) {
  const [row] = await db.insert(payouts).values(values).returning({ id: payouts.id });
  if (!row) throw new Error('payout insert returned nothing');
  return row.id;
}

export async function deletePayout(db: Db, teamId: number, employeeId: number, id: number) {
  const rows = await db
    .delete(payouts)
    .where(and(eq(payouts.teamId, teamId), eq(payouts.employeeId, employeeId), eq(payouts.id, id)))
    .returning({ amount: payouts.amount, date: payouts.paidOn });
  return rows[0];
}

/** The team's payouts per day in a period (the finance's 'Зарплаты'): a year is at most 366 rows. */
export function payoutsByDay(db: Db, teamId: number, from: string, to: string) {
  return db
    .select({ day: payouts.paidOn, amount: sql<string>`sum(${payouts.amount})` })
    .from(payouts)
    .where(and(eq(payouts.teamId, teamId), gte(payouts.paidOn, from), lte(payouts.paidOn, to)))
    .groupBy(payouts.paidOn);
}

/** A batch of the team's payouts in a period, oldest first, after a (day, id) cursor: the finance file's salaries. */
export function payoutBatch(
  db: Db,
  teamId: number,
  period: { from: string; to: string },
  after: { day: string; id: number } | undefined,
  limit: number,
) {
  return db
    .select({
      id: payouts.id,
      day: payouts.paidOn,
      name: sql<string>`trim(${employees.firstName} || ' ' || ${employees.secondName})`,
      amount: payouts.amount,
      note: payouts.note,
    })
    .from(payouts)
    .innerJoin(employees, teamRecord(employees, payouts.teamId, payouts.employeeId))
    .where(
      and(
        eq(payouts.teamId, teamId),
        gte(payouts.paidOn, period.from),
        lte(payouts.paidOn, period.to),
        after && sql`(${payouts.paidOn}, ${payouts.id}) > (${after.day}::date, ${after.id})`,
      ),
    )
    .orderBy(asc(payouts.paidOn), asc(payouts.id))
    .limit(limit);
}
