import type { DealKind } from '@addesk/contract';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rangeParts } from '../../db/money-rollup.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  channelEmployees,
  channelRoles,
  channels,
  dealPayments,
  deals,
  employees,
  payouts,
  payPosts,
  payReceived,
  salaryTypes,
} from '../../db/schema/index.js';
import { cancelledStatus, liveDeal, teamRecord } from '../../db/team-record.js';
import { shiftDay } from '../../lib/dates.js';

/** The salary types by their fixed ids (migration 0001): what each rate is a rate of. */
export const SALARY = { fixed: 1, salesPercent: 2, purchasesPercent: 3, perPost: 4 } as const;

export type Period = { from: string; to: string; start: Date; end: Date };

/** A live, not cancelled deal: the only kind that earns anything. */
const earning = and(liveDeal(deals), sql`not ${cancelledStatus(deals.statusId)}`);

const p = sql.placeholder;

/**
 * The period's parts as a statement reads them: the whole months it holds and the days of the two it cuts
 * (db/money-rollup.ts `rangeParts`), as placeholders and their values, and the shape they give the statement.
 * `oneMonth`: the period is one calendar month, all the payroll screen asks for.
 */
function periodParts(period: Period) {
  const { whole, days } = rangeParts({ from: period.from, to: period.to }, 'month');
  const values: Record<string, string> = Object.fromEntries(
    days.flatMap((d, i) => [
      [`from${i}`, d.from],
      [`to${i}`, d.to],
    ]),
  );
  if (whole) Object.assign(values, { wholeFrom: whole.from, wholeBefore: whole.before });
  const oneMonth =
    whole !== undefined &&
    days.length === 0 &&
    shiftDay(whole.before, -1).slice(0, 7) === whole.from.slice(0, 7);
  return { whole: whole !== undefined, days: days.length, oneMonth, values };
}

/**
 * The values of a pay roll-up's rows (`key` picking a role's) over the period's parts, each an index range of the
 * roll-up's key.
 */
function ofPeriod(
  t: typeof payReceived | typeof payPosts,
  value: SQLWrapper,
  key: SQL,
  parts: ReturnType<typeof periodParts>,
) {
  const ranges = [
    ...(parts.whole
      ? [and(eq(t.unit, 'month'), gte(t.start, p('wholeFrom')), lt(t.start, p('wholeBefore')))]
      : []),
    ...Array.from({ length: parts.days }, (_, i) =>
      and(eq(t.unit, 'day'), gte(t.start, p(`from${i}`)), lte(t.start, p(`to${i}`))),
    ),
  ].map((range) => sql`select ${value} as value from ${t} where ${key} and ${range}`);
  return sql`(select coalesce(sum(value), 0) from (${sql.join(ranges, sql` union all `)}) r)`;
}

/**
 * The money received in the period for the person's earning deals of a kind on the role's channel (a percent's basis),
 * from the roll-up the deals' and payments' triggers keep (migration 0038).
 */
const received = (kind: DealKind, parts: ReturnType<typeof periodParts>) =>
  ofPeriod(
    payReceived,
    payReceived.amount,
    sql`${and(
      eq(payReceived.teamId, channelEmployees.teamId),
      eq(payReceived.employeeId, channelEmployees.employeeId),
      eq(payReceived.channelId, channelEmployees.channelId),
      eq(payReceived.kind, kind),
    )}`,
    parts,
  );

/**
 * The posts that went out on the role's channel in the period (pay per post's basis): its earning sales placed on the
 * period's days in the team's zone, the zone the caller's period edges are in.
 */
const posts = (parts: ReturnType<typeof periodParts>) =>
  ofPeriod(
    payPosts,
    payPosts.posts,
    sql`${and(eq(payPosts.teamId, channelEmployees.teamId), eq(payPosts.channelId, channelEmployees.channelId))}`,
    parts,
  );

/**
 * What each percent role of the whole team received in one calendar month: the month's row of the pay roll-up for
 * each, joined by the roll-up's (team, unit, start) index (migration 0042), which holds the month's rows of the team
 * side by side with their amounts: one range of about two thousand entries read in order instead of a probe of the
 * roll-up's key for each of 425 roles (1.5 against 3.7 ms at the benchmark's scale). Some people's roles are fewer
 * probes than the team's range; the posts are a probe for each of the few roles paid per post.
 */
const monthReceived = <Q extends ReturnType<typeof rolesQuery>>(query: Q) =>
  query.leftJoin(
    payReceived,
    and(
      eq(payReceived.teamId, channelEmployees.teamId),
      eq(payReceived.unit, 'month'),
      eq(payReceived.start, p('wholeFrom')),
      eq(payReceived.employeeId, channelEmployees.employeeId),
      eq(payReceived.channelId, channelEmployees.channelId),
      eq(
        payReceived.kind,
        sql`case ${channelEmployees.salaryTypeId} when ${SALARY.salesPercent} then 'sale'
          when ${SALARY.purchasesPercent} then 'purchase' end`,
      ),
    ),
  );

/**
 * Every role of these people (all of the team's: undefined) with its terms and what its rate applies to in the period,
 * in one statement: each basis is a few index ranges of the pay roll-up (a dozen months and the days of two at most),
 * or, for the whole team in one calendar month, that month's row (monthReceived). Prepared per shape of the period
 * with a generic plan (db/prepared.ts): building and planning the statement's 425 subqueries at the benchmark's scale
 * cost more than running them.
 */
export function roleLines(db: Db, teamId: number, people: number[] | undefined, period: Period) {
  const parts = periodParts(period);
  const teamMonth = parts.oneMonth && !people;
  const shape = `payroll-roles/${people ? 'people' : 'team'}/${teamMonth ? 'month' : parts.whole ? 'whole' : 'days'}/${parts.days}`;
  const values = { teamId, ...(people && { people }), ...parts.values };
  return preparedQuery(db, shape, values, 'generic', () => {
    const month = sql`coalesce(${payReceived.amount}, 0)`;
    const query = rolesQuery(
      db,
      {
        sale: teamMonth ? month : received('sale', parts),
        purchase: teamMonth ? month : received('purchase', parts),
        posts: posts(parts),
      },
      people,
    );
    return (teamMonth ? monthReceived(query) : query).orderBy(
      asc(channelEmployees.employeeId),
      asc(channels.name),
      asc(channelEmployees.roleId),
    );
  }).execute();
}

/** The roles of these people (all of the team's: undefined) with their terms and the bases given. */
function rolesQuery(db: Db, basis: { sale: SQL; purchase: SQL; posts: SQL }, people: number[] | undefined) {
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
        when ${SALARY.salesPercent} then ${basis.sale}
        when ${SALARY.purchasesPercent} then ${basis.purchase}
        when ${SALARY.perPost} then ${basis.posts}
        else 0 end`,
    })
    .from(channelEmployees)
    .innerJoin(channels, teamRecord(channels, channelEmployees.teamId, channelEmployees.channelId))
    .innerJoin(channelRoles, eq(channelRoles.id, channelEmployees.roleId))
    .leftJoin(salaryTypes, eq(salaryTypes.id, channelEmployees.salaryTypeId))
    .where(
      and(
        eq(channelEmployees.teamId, p('teamId')),
        people && sql`${channelEmployees.employeeId} = any(${p('people')})`,
      ),
    )
    .$dynamic();
}

/**
 * Whose pay the period lists, with their names and what was paid to them in it: these people (all of the team's:
 * undefined, everyone still in it), and anyone a payout of the period was made to, removed ones included (a payout
 * to someone who left still shows whose it was). One read beside the lines, not a second round after them; each
 * person's sum is a range of the (team, person, day) index. Prepared with a generic plan: every value is read
 * through the same index, and parsing and planning it cost PostgreSQL more than running it.
 */
export function payees(db: Db, teamId: number, people: number[] | undefined, period: Period) {
  const values = { teamId, from: period.from, to: period.to, ...(people && { people }) };
  return preparedQuery(db, `payees/${people ? 'people' : 'team'}`, values, 'generic', () => {
    const inPeriod = and(
      eq(payouts.teamId, p('teamId')),
      gte(payouts.paidOn, p('from')),
      lte(payouts.paidOn, p('to')),
    );
    const paidInPeriod = db.select({ id: payouts.employeeId }).from(payouts).where(inPeriod);
    return db
      .select({
        id: employees.id,
        name: sql<string>`trim(${employees.firstName} || ' ' || ${employees.secondName})`,
        removed: sql<boolean>`${employees.removedAt} is not null`,
        paid: sql<string>`(select coalesce(sum(${payouts.amount}), 0) from ${payouts}
          where ${and(inPeriod, eq(payouts.employeeId, employees.id))})`,
      })
      .from(employees)
      .where(
        and(
          eq(employees.teamId, p('teamId')),
          people
            ? sql`${employees.id} = any(${p('people')})`
            : or(isNull(employees.removedAt), inArray(employees.id, paidInPeriod)),
        ),
      );
  }).execute();
}

/**
 * The deals behind one person's percent and per-post lines in the period, newest first: their deals with money received
 * in it, and the sales placed on the channels where they are paid per post. At most `limit`, with how many in all.
 * Each kind of line is its own index range (the person's payments in the period, or the channel's placements), read
 * from the index alone (migrations 0038, 0040); only the deals shown are fetched. Prepared per set of kinds of line
 * with a generic plan: it is the same plan for any values (index ranges), and planning it cost half as much as
 * running it (0.9 against 1.8 ms at the benchmark's scale).
 */
export async function dealsBehind(
  db: Db,
  teamId: number,
  employeeId: number,
  lines: { channelId: number; salaryTypeId: number | null }[],
  period: Period,
  limit: number,
) {
  const channelsOf = (type: number) => lines.filter((l) => l.salaryTypeId === type).map((l) => l.channelId);
  const channelIds = {
    sale: channelsOf(SALARY.salesPercent),
    purchase: channelsOf(SALARY.purchasesPercent),
    perPost: channelsOf(SALARY.perPost),
  };
  const kinds = (['sale', 'purchase'] as const).filter((kind) => channelIds[kind].length > 0);
  const perPost = channelIds.perPost.length > 0;
  if (kinds.length === 0 && !perPost) return { rows: [], total: 0 };
  const values = {
    teamId,
    employeeId,
    from: period.from,
    to: period.to,
    start: period.start.toISOString(),
    end: period.end.toISOString(),
    limit,
    ...channelIds,
  };
  const shape = `deals-behind/${kinds.join('+')}/${perPost ? 'posts' : ''}`;
  const rows = await preparedQuery(db, shape, values, 'generic', () => {
    // The person's deals paid in the period on the channels of their percent lines, of each line's kind: from their
    // payments alone (their copies of the deal's person, channel and kind, migration 0040), then those deals by key.
    const percentOf = kinds.map(
      (kind) => sql`(${dealPayments.kind} = ${kind} and ${dealPayments.channelId} = any(${p(kind)}))`,
    );
    const arms = [
      kinds.length > 0 &&
        sql`${deals.id} = any(array(select ${dealPayments.dealId} from ${dealPayments}
          where ${dealPayments.teamId} = ${p('teamId')} and ${dealPayments.employeeId} = ${p('employeeId')}
            and ${dealPayments.paidAt} between ${p('from')} and ${p('to')}
            and (${sql.join(percentOf, sql` or `)}))::bigint[])`,
      perPost &&
        sql`${deals.kind} = 'sale' and ${deals.channelId} = any(${p('perPost')})
          and ${deals.placementAt} >= ${p('start')}::timestamptz and ${deals.placementAt} < ${p('end')}::timestamptz`,
    ].filter((arm) => arm !== false);
    // A union: a sale can be behind a percent line and a per-post one at once.
    const behind = sql.join(
      arms.map(
        (arm) => sql`select ${deals.id} as id, ${deals.placementAt} as placement_at from ${deals}
          where ${and(eq(deals.teamId, p('teamId')), earning, arm)}`,
      ),
      sql` union `,
    );
    // The page and how many there are in one pass: the count is taken over every deal behind before the page is cut.
    const shown = sql`(select id, placement_at, count(*) over () as total from (${behind}) b
      order by placement_at desc, id desc limit ${p('limit')}) shown`;
    return db
      .select({
        kind: deals.kind,
        id: deals.id,
        channelId: deals.channelId,
        date: deals.dealDate,
        price: deals.price,
        placementAt: deals.placementAt,
        received: sql<string>`(select coalesce(sum(p.amount), 0) from ${dealPayments} p
          where p.team_id = "deals"."team_id" and p.deal_id = "deals"."id"
            and p.paid_at between ${p('from')} and ${p('to')})`,
        total: sql<number>`shown.total::int`,
      })
      .from(deals)
      .innerJoin(shown, sql`${deals.teamId} = ${p('teamId')} and ${deals.id} = shown.id`)
      .orderBy(desc(deals.placementAt), desc(deals.id));
  }).execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/**
 * Payouts of these people (all of the team's: undefined), newest first, within a period when given, at most `limit`
 * when given. Prepared with a generic plan, like the payees: one person's page reads them on every visit.
 */
export function listPayouts(
  db: Db,
  teamId: number,
  people: number[] | undefined,
  period?: { from: string; to: string },
  limit?: number,
) {
  const shape = `payouts/${people ? 'people' : 'team'}/${period ? 'period' : 'all'}/${limit ? 'limit' : 'all'}`;
  const values = {
    teamId,
    ...(people && { people }),
    ...(period && { from: period.from, to: period.to }),
    ...(limit && { limit }),
  };
  return preparedQuery(db, shape, values, 'generic', () => {
    const query = db
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
          eq(payouts.teamId, p('teamId')),
          people && sql`${payouts.employeeId} = any(${p('people')})`,
          period && gte(payouts.paidOn, p('from')),
          period && lte(payouts.paidOn, p('to')),
        ),
      )
      .orderBy(desc(payouts.paidOn), desc(payouts.id))
      .$dynamic();
    return limit ? query.limit(p('limit')) : query;
  }).execute();
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
