import type { Condition, PaymentState } from '@addesk/contract';
import { and, eq, gt, gte, lt, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { deals } from '../../db/schema/index.js';

// The filters of the deal lists as parts of a deals query's WHERE (deal-list.query.ts runs them): each part is SQL
// with placeholders, so one statement per shape of filter is prepared once and serves every value.

const p = sql.placeholder;

/**
 * One part of a deals query's WHERE: its SQL, with placeholders where the values go, the values, and a short name of
 * its shape. Two queries whose parts have the same names have the same SQL.
 */
export type Part = { name: string; where: SQL | undefined; values: Record<string, unknown> };

export const part = (name: string, where: SQL | undefined, values: Record<string, unknown> = {}): Part => ({
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
export const overdue = sql`(${unpaid} and ${deals.paymentDueDate} < ${p('today')}::date)`;

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
