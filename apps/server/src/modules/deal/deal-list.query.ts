import type { Condition, DealKind, DealSort, PaymentState } from '@addesk/contract';
import {
  and,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type PlanFor, preparedQuery } from '../../db/prepared.js';
import {
  channels,
  contacts,
  costPerSubscriberKey,
  costPerSubscriberOf,
  deals,
  employees,
  externalChannels,
  inviteLinks,
  moneyDays,
} from '../../db/schema/index.js';
import { cancelledStatus, liveDeal, teamRecord } from '../../db/team-record.js';

/**
 * Where a page starts: after this deal, in the list's order (its deal date, its placement time or its cost per
 * subscriber, then its id).
 */
export type DealCursor = { key: string; id: number };

/** A deal's cost per subscriber (numeric as text), null while nobody joined through its link. */
export const costPerSubscriber = costPerSubscriberOf(deals.price, deals.subscribersJoined);

/** The cursor key of a deal in the order by cost per subscriber: its cost, or 'Infinity' when it has none. */
export const costCursorKey = (cost: string | null) => cost ?? 'Infinity';

const dealColumns = {
  id: deals.id,
  price: deals.price,
  dealDate: deals.dealDate,
  paymentDueDate: deals.paymentDueDate,
  paidAmount: deals.paidAmount,
  placementAt: deals.placementAt,
  duration: deals.duration,
  durationType: deals.durationType,
  hoursInTop: deals.hoursInTop,
  version: deals.version,
  statusId: deals.statusId,
  channelId: deals.channelId,
  employeeId: deals.employeeId,
  externalChannelId: deals.externalChannelId,
  contactId: deals.contactId,
  advertisementFormatId: deals.advertisementFormatId,
  advertisementTypeId: deals.advertisementTypeId,
  subscribersJoined: deals.subscribersJoined,
  costPerSubscriber: costPerSubscriber.as('cost_per_subscriber'),
};

/**
 * The order of a deals query: the lists' two (each served by an index with the id after it, deals schema), and the
 * placement order for a deal-date period. For that one PostgreSQL walks the placement index back from the newest
 * placement, filtering by the period, as if the two dates were unrelated: 212 ms at a million sales for a month two
 * years back. Ordering by an expression the index cannot give makes it read the period's range of the date index and
 * sort those rows instead.
 */
export type DealOrder = DealSort | 'placementInPeriod';
export const orderColumn = {
  date: deals.dealDate,
  placement: deals.placementAt,
  placementInPeriod: sql`${deals.placementAt} + interval '0 s'`,
  costPerSubscriber: costPerSubscriberKey(costPerSubscriber),
} as const;

/** A subquery's columns under their names, as the outer query sees them. */
const columnsOf = <S extends object, K extends keyof S>(subquery: S, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, subquery[key]])) as { [P in K]: S[P] };

/**
 * A LIMIT written into the SQL instead of sent as a value. PostgreSQL costs `LIMIT $n` in a generic plan as a tenth of
 * the rows, so a statement with one never gets a generic plan and is planned again on every execution (docs/decisions
 * 008: 0.3 ms of PostgreSQL's CPU a list); the number in the statement keeps it cached. Drizzle writes an SQL object
 * given as a limit into the statement as it is; its types only admit a number or a placeholder.
 */
const literal = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as Placeholder;

/**
 * The deals that match, newest first by the list's order, with the team records they point at. The deals are picked first
 * (an index range scan, only the page's rows), then each record is looked up by primary key in a lateral subquery.
 * `LIMIT 1` keeps PostgreSQL from flattening those into a join whose order it would search: 0.15 ms of planning
 * against 0.37 ms for a plain five-table join (23 ms on PGlite for the former eight-table one), the same execution.
 * Statuses, formats and types are not looked up at all: they are reference data, read once (dealReferences). Whether
 * a purchase has an invite link (its subscribers are known) is one primary-key probe of invite_links per page row.
 */
function selectDeals(db: Db, where: SQL | undefined, limit: number, order: DealOrder) {
  const page = db
    .select({ teamId: deals.teamId, ...dealColumns })
    .from(deals)
    .where(where)
    .orderBy(desc(orderColumn[order]), desc(deals.id))
    .limit(literal(limit))
    .as('page');
  const deal = columnsOf(page, Object.keys(dealColumns) as (keyof typeof dealColumns)[]);
  const outerOrder = {
    date: page.dealDate,
    placement: page.placementAt,
    placementInPeriod: page.placementAt,
    costPerSubscriber: costPerSubscriberKey(page.costPerSubscriber),
  }[order];
  const channel = db
    .select({ id: channels.id, name: channels.name, iconLink: channels.iconLink })
    .from(channels)
    .where(teamRecord(channels, page.teamId, page.channelId))
    .limit(literal(1))
    .as('channel');
  const employee = db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      secondName: employees.secondName,
      iconLink: employees.iconLink,
    })
    .from(employees)
    .where(teamRecord(employees, page.teamId, page.employeeId))
    .limit(literal(1))
    .as('employee');
  const external = db
    .select({
      id: externalChannels.id,
      name: externalChannels.name,
      iconLink: externalChannels.iconLink,
      username: externalChannels.username,
      telegramId: externalChannels.telegramId,
    })
    .from(externalChannels)
    .where(teamRecord(externalChannels, page.teamId, page.externalChannelId))
    .limit(literal(1))
    .as('external');
  const contact = db
    .select({
      id: contacts.id,
      name: contacts.name,
      iconLink: contacts.iconLink,
      username: contacts.username,
      telegramId: contacts.telegramId,
    })
    .from(contacts)
    .where(teamRecord(contacts, page.teamId, page.contactId))
    .limit(literal(1))
    .as('contact');
  return db
    .select({
      deal,
      channel: columnsOf(channel, ['id', 'name', 'iconLink']),
      employee: columnsOf(employee, ['id', 'firstName', 'secondName', 'iconLink']),
      external: columnsOf(external, ['id', 'name', 'iconLink', 'username', 'telegramId']),
      contact: columnsOf(contact, ['id', 'name', 'iconLink', 'username', 'telegramId']),
      hasInviteLink: sql<boolean>`exists (select from ${inviteLinks} where ${and(
        eq(inviteLinks.teamId, page.teamId),
        eq(inviteLinks.dealId, page.id),
      )})`,
    })
    .from(page)
    .leftJoinLateral(channel, sql`true`)
    .leftJoinLateral(employee, sql`true`)
    .leftJoinLateral(external, sql`true`)
    .leftJoinLateral(contact, sql`true`)
    .orderBy(desc(outerOrder), desc(page.id));
}

export type DealRow = Awaited<ReturnType<typeof selectDeals>>[number];

const p = sql.placeholder;

/**
 * One part of a deals query's WHERE: its SQL, with placeholders where the values go, the values, and a short name of
 * its shape. Two queries whose parts have the same names have the same SQL.
 */
export type Part = { name: string; where: SQL | undefined; values: Record<string, unknown> };

const part = (name: string, where: SQL | undefined, values: Record<string, unknown> = {}): Part => ({
  name,
  where,
  values,
});

/**
 * `column = id` for one id, `column = any(ids)` for several. Not `any` for one: PostgreSQL 15 reads that as a set, and
 * then walks the date index with a filter (24 ms at a million deals) instead of the column's ordered index (2.5 ms).
 */
export function anyOf(name: string, column: SQLWrapper, ids: number[] | undefined) {
  if (!ids || ids.length === 0) return undefined;
  if (ids.length === 1) return part(name, sql`${column} = ${p(name)}`, { [name]: ids[0] });
  return part(`${name}s`, sql`${column} = any(${p(name)})`, { [name]: ids });
}

/**
 * The deals a member who is not the owner sees (docs/decisions/024): on the channels their roles give, or recorded by
 * them or the people under them. Each arm is an index range (the channel's, the employee's), OR-ed.
 */
export const visibleTo = (scope: { channelIds: number[]; employeeIds: number[] }) =>
  part(
    'visible',
    sql`(${deals.channelId} = any(${p('visibleChannels')}) or ${deals.employeeId} = any(${p('visiblePeople')}))`,
    { visibleChannels: scope.channelIds, visiblePeople: scope.employeeIds },
  );

/** One deal, by id. */
export const byId = (id: number) => part('id', eq(deals.id, p('id')), { id });

/** The deals that come after the cursor's deal in the list's order. */
export const afterCursor = (sort: DealSort, cursor: DealCursor | undefined) =>
  cursor &&
  part(
    'after',
    {
      date: sql`(${deals.dealDate}, ${deals.id}) < (${p('afterKey')}::date, ${p('afterId')})`,
      placement: sql`(${deals.placementAt}, ${deals.id}) < (${p('afterKey')}::timestamptz, ${p('afterId')})`,
      costPerSubscriber: sql`(${orderColumn.costPerSubscriber}, ${deals.id}) < (-${p('afterKey')}::numeric, ${p('afterId')})`,
    }[sort],
    { afterKey: cursor.key, afterId: cursor.id },
  );

/**
 * The deals with one of these counterparts or channels (the search): an index range per kind of match, OR-ed, so a
 * rare name is a few index lookups however many deals the team has. A kind with no match is left out, not matched
 * against an empty list: a search that names one channel is then the channel filter, read from the channel's own
 * index (1.7-2.2 ms at 50 000 deals on PGlite) instead of walking the date index (3.1-3.4 ms). The ids are found first
 * (deal.repository.ts `searchMatches`): in the list's own statement, a generic plan reads a rare counterpart's deals by
 * walking the team's whole date index (27 requests a second instead of 400 at 200 000 deals).
 */
export function withAnyOf(ids: { external: number[]; contact: number[]; channel: number[] }) {
  const arms = [
    anyOf('searchExternal', deals.externalChannelId, ids.external),
    anyOf('searchContact', deals.contactId, ids.contact),
    anyOf('searchChannel', deals.channelId, ids.channel),
  ].filter((arm): arm is Part => arm !== undefined);
  if (arms.length === 0) return part('search', sql`false`);
  return part(
    arms.map((arm) => arm.name).join('|'),
    sql`(${sql.join(
      arms.map((arm) => arm.where),
      sql` or `,
    )})`,
    Object.assign({}, ...arms.map((arm) => arm.values)),
  );
}

// Every state but PAID says `paid_amount < price` in so many words: PostgreSQL proves a partial index over the unpaid
// deals usable only from conditions it can see, and unpaid deals are the few a team filters for.
const unpaid = sql`${deals.paidAmount} < ${deals.price}`;
const notOverdue = sql`(${deals.paymentDueDate} is null or ${deals.paymentDueDate} >= ${p('today')}::date)`;
/** Not paid in full, and the due date is before the team's today (the `today` value). */
const overdue = sql`(${unpaid} and ${deals.paymentDueDate} < ${p('today')}::date)`;

/** Each payment state in SQL, as `paymentStateOf` (contract plain/money.ts) decides it for one deal. */
const paymentStateSql: Record<PaymentState, SQL> = {
  PAID: sql`${deals.paidAmount} >= ${deals.price}`,
  OVERDUE: overdue,
  PARTLY_PAID: sql`(${unpaid} and ${deals.paidAmount} > 0 and ${notOverdue})`,
  UNPAID: sql`(${unpaid} and ${deals.paidAmount} = 0 and ${notOverdue})`,
};

/** The deals in any of these payment states on the team's `today`. */
export function inPaymentStates(states: PaymentState[] | undefined, today: string) {
  if (!states || states.length === 0) return undefined;
  const sorted = [...new Set(states)].sort();
  return part(
    `pay:${sorted.join('+')}`,
    sql`(${sql.join(
      sorted.map((state) => paymentStateSql[state]),
      sql` or `,
    )})`,
    { today },
  );
}

const compare = { ge: gte, le: lte, gt, lt, eq } as const;

const asText = (c: Condition<number> | Condition<string> | undefined): Condition<string> | undefined => {
  if (!c) return undefined;
  return c.op === 'bt'
    ? { op: 'bt', from: String(c.from), to: String(c.to) }
    : { op: c.op, value: String(c.value) };
};

/** A condition of decisions D3 on a column; bounds go as text, so numeric(14,2) prices compare exactly. */
export function condition(
  name: string,
  column: typeof deals.price | typeof deals.dealDate,
  bounds: Condition<number> | Condition<string> | undefined,
) {
  const c = asText(bounds);
  if (!c) return undefined;
  if (c.op === 'bt') {
    const [from, to] = [`${name}From`, `${name}To`];
    return part(`${name}bt`, and(gte(column, p(from)), lte(column, p(to))), { [from]: c.from, [to]: c.to });
  }
  return part(`${name}${c.op}`, compare[c.op](column, p(name)), { [name]: c.value });
}

/**
 * The WHERE of a team's live deals of one kind with the given parts, its shape's name and its values: every list,
 * summary, export and single deal goes through here, so none of them sees a deleted deal.
 */
export function matching(teamId: number, kind: DealKind, parts: (Part | undefined)[]) {
  const present = parts.filter((x): x is Part => x !== undefined);
  return {
    shape: present.map((x) => x.name).join('.'),
    where: and(
      eq(deals.teamId, p('teamId')),
      eq(deals.kind, p('kind')),
      liveDeal(deals),
      ...present.map((x) => x.where),
    ),
    values: Object.assign({ teamId, kind }, ...present.map((x) => x.values)) as Record<string, unknown>,
  };
}

/**
 * A list with no filter (a team's deals in an order, from a cursor) or one deal by id reads the same index whatever
 * the values: one plan serves every team. A filter's best index depends on its values and the team's size.
 */
const planFor = (parts: (Part | undefined)[]): PlanFor =>
  parts.every((x) => x === undefined || x.name === 'after' || x.name === 'id') ? 'generic' : 'values';

/** A deals query: the team's deals of one kind with the given parts, `limit` of them, in the order. */
export function dealsQuery(
  db: Db,
  teamId: number,
  kind: DealKind,
  parts: (Part | undefined)[],
  limit: number,
  order: DealOrder = 'date',
) {
  const { shape, where, values } = matching(teamId, kind, parts);
  return preparedQuery<DealRow[]>(db, `${order}.${shape}.${limit}`, values, planFor(parts), () =>
    selectDeals(db, where, limit, order),
  );
}

/** A deal whose status cancels it ('Отменена'): it is in the lists but carries no money (docs/decisions/016). */
const cancelled = cancelledStatus(deals.statusId);
const money = sql`not (${cancelled})`;

/**
 * What a list shows, summed: how many deals, and of those not cancelled their prices, what is paid, what is left and
 * what is overdue on the team's `today`.
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
      })
      .from(deals)
      .where(where),
  );
}

/**
 * The same totals for a list filtered by channel and deal date only (the screens' default), from the money roll-up
 * (money_days, which holds the live deals that are not cancelled): a year of a million deals in a few hundred rows
 * instead of a third of a million. The cancelled deals are only counted (the status index) and the overdue ones are
 * the few the partial index of unpaid deals holds.
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
  const cancelledCount = db.select({ n: sql`count(*)::int` }).from(deals).where(and(ofDeals, cancelled));
  const overdueSum = db
    .select({ sum: sql`coalesce(sum(${deals.price} - ${deals.paidAmount}), 0)` })
    .from(deals)
    .where(and(ofDeals, sql`${deals.paidAmount} < ${deals.price}`, lt(deals.paymentDueDate, today), money));
  const [row] = await db
    .select({
      count: sql<number>`(coalesce(sum(${moneyDays.deals}), 0) + (${cancelledCount}))::int`,
      total: sql<string>`coalesce(sum(${moneyDays.total}), 0)`,
      paid: sql<string>`coalesce(sum(${moneyDays.paid}), 0)`,
      overdue: sql<string>`(${overdueSum})`,
    })
    .from(moneyDays)
    .where(on(moneyDays.teamId, moneyDays.kind, moneyDays.day, moneyDays.channelId));
  if (!row) throw new Error('an aggregate returned no row');
  return row;
}
