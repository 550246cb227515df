import type { Condition, DealKind, DealSort, PaymentState } from '@addesk/contract';
import { type AnyColumn, and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern, containsText } from '../../db/contains.js';
import { preparedQuery } from '../../db/prepared.js';
import { channels, contacts, deals, externalChannels, teams } from '../../db/schema/index.js';
import { liveDeal } from '../../db/team-record.js';
import { shiftDay } from '../../lib/dates.js';
import { anyOf, byId, condition, inPaymentStates, visibleTo, withAnyOf } from './deal-list.filters.js';
import { afterCursor, type DealCursor, type DealOrder } from './deal-list.order.js';
import { dealsQuery } from './deal-list.query.js';
import { dealsSummaryQuery, rolledUpSummary } from './deal-summary.query.js';

/** The ids of a search's counterparts (external channels and contacts) and of the team's own channels. */
export type SearchMatches = { external: number[]; contact: number[]; channel: number[] };

export type DealFilters = {
  /** What the caller may see (modules/access): deals on these channels or by these people; undefined: all. */
  visible?: { channelIds: number[]; employeeIds: number[] } | undefined;
  statusIds?: number[] | undefined;
  channelIds?: number[] | undefined;
  externalChannelIds?: number[] | undefined;
  employeeIds?: number[] | undefined;
  advertisementTypeIds?: number[] | undefined;
  price?: Condition<number> | undefined;
  date?: Condition<string> | undefined;
  /** The search's matches: deals with any of these counterparts or channels. */
  matching?: SearchMatches | undefined;
  paymentStates?: PaymentState[] | undefined;
};

const idsContaining = (
  table: typeof externalChannels | typeof contacts | typeof channels,
  ...columns: AnyColumn[]
) =>
  sql`array(select ${table.id} from ${table} where ${and(
    eq(table.teamId, sql.placeholder('teamId')),
    containsText(sql.placeholder('pattern'), ...columns),
  )})`.mapWith((ids: unknown[]) => ids.map(Number));

/**
 * What a search names: the team's counterparts and channels whose names or usernames contain the text, each table by
 * its trigram index (migration 0011), in one prepared round trip.
 */
export async function searchMatches(db: Db, teamId: number, text: string): Promise<SearchMatches> {
  const [row] = await preparedQuery(
    db,
    'deal-search',
    { teamId, pattern: containsPattern(text) },
    'values',
    () =>
      db
        .select({
          external: idsContaining(externalChannels, externalChannels.name, externalChannels.username),
          contact: idsContaining(contacts, contacts.name, contacts.username),
          channel: idsContaining(channels, channels.name, channels.telegramNickName),
        })
        .from(teams)
        .where(eq(teams.id, sql.placeholder('teamId'))),
  ).execute();
  return row ?? { external: [], contact: [], channel: [] };
}

/** The filters as parts of a deals query; `today` is the team's date, which the payment states depend on. */
export const filterParts = (filters: DealFilters, today: string) => [
  filters.visible && visibleTo(filters.visible),
  anyOf('status', deals.statusId, filters.statusIds),
  anyOf('channel', deals.channelId, filters.channelIds),
  anyOf('external', deals.externalChannelId, filters.externalChannelIds),
  anyOf('employee', deals.employeeId, filters.employeeIds),
  anyOf('type', deals.advertisementTypeId, filters.advertisementTypeIds),
  condition('price', deals.price, filters.price),
  condition('date', deals.dealDate, filters.date),
  filters.matching && withAnyOf(filters.matching),
  inPaymentStates(filters.paymentStates, today),
];

/** A page of a team's deals of one kind, newest first by the order, id as tie-break; limit + 1 rows. */
export function listDeals(
  db: Db,
  teamId: number,
  kind: DealKind,
  filters: DealFilters,
  today: string,
  page: { limit: number; after: DealCursor | undefined; sort: DealSort },
) {
  return dealsQuery(
    db,
    teamId,
    kind,
    [...filterParts(filters, today), afterCursor(page.sort, page.after)],
    page.limit + 1,
    orderOf(page.sort, filters),
  );
}

/** The order a list's query takes: the placement order of a deal-date period is its own (deal-list.order.ts). */
export const orderOf = (sort: DealSort, filters: DealFilters): DealOrder =>
  sort === 'placement' && filters.date ? 'placementInPeriod' : sort;

/** A date condition as the days it spans, each end optional: `=gt=2026-01-31` is from 2026-02-01. */
const daysOf = (c: Condition<string> | undefined): { from?: string; to?: string } => {
  if (!c) return {};
  switch (c.op) {
    case 'bt':
      return { from: c.from, to: c.to };
    case 'eq':
      return { from: c.value, to: c.value };
    case 'ge':
      return { from: c.value };
    case 'gt':
      return { from: shiftDay(c.value, 1) };
    case 'le':
      return { to: c.value };
    case 'lt':
      return { to: shiftDay(c.value, -1) };
  }
};

/**
 * The totals of every deal the filters match (the list's summary line): from the money roll-up when the list is
 * filtered by channel and deal date alone, else from the deals themselves. Both count the same (payments.test.ts).
 */
export async function summarizeDeals(
  db: Db,
  teamId: number,
  kind: DealKind,
  filters: DealFilters,
  today: string,
) {
  const { channelIds, date, ...others } = filters;
  if (Object.values(others).every((value) => value === undefined)) {
    return rolledUpSummary(db, teamId, kind, { channelIds, ...daysOf(date) }, today);
  }
  const [row] = await dealsSummaryQuery(db, teamId, kind, filterParts(filters, today), today).execute();
  if (!row) throw new Error('an aggregate returned no row');
  return row;
}

export async function findDeal(db: Db, teamId: number, kind: DealKind, id: number) {
  const [row] = await dealsQuery(db, teamId, kind, [byId(id)], 1).execute();
  return row;
}

export type DealValues = {
  channelId: number;
  employeeId: number | null;
  externalChannelId: number | null;
  contactId: number | null;
  advertisementFormatId: number | null;
  advertisementTypeId: number | null;
  statusId: number;
  placementAt: Date;
  durationType: 'INFINITY' | 'DAYS' | 'HOURS';
  duration: number | null;
  hoursInTop: number;
  price: string;
  dealDate: string;
  paymentDueDate: string | null;
  postLink: string | null;
};

export async function insertDeal(db: Db, teamId: number, kind: DealKind, values: DealValues) {
  const [row] = await db
    .insert(deals)
    .values({ teamId, kind, ...values })
    .returning({ id: deals.id });
  if (!row) throw new Error('deal insert returned nothing');
  return row.id;
}

const ofDeal = (teamId: number, kind: DealKind, id: number) =>
  and(eq(deals.teamId, teamId), eq(deals.kind, kind), eq(deals.id, id));

/** Writes only if the deal still has the version the client read; false when it has not (or is gone). */
export async function updateDeal(
  db: Db,
  teamId: number,
  kind: DealKind,
  id: number,
  version: number,
  values: DealValues,
) {
  const rows = await db
    .update(deals)
    .set({
      ...values,
      // The views read were another post's: the new link's are read anew (modules/post).
      postViews: sql`case when ${deals.postLink} is not distinct from ${values.postLink} then ${deals.postViews} end`,
      version: sql`${deals.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(ofDeal(teamId, kind, id), liveDeal(deals), eq(deals.version, version)))
    .returning({ id: deals.id });
  return rows.length > 0;
}

/**
 * Deletes a live deal from every list and sum (the roll-ups' triggers take it off), keeping it to restore; false:
 * no such live deal. The update holds the deal's row until commit, so a payment or an edit of it written at the same
 * time either comes first (and is taken off with the deal) or waits and then finds no live deal.
 */
export async function softDeleteDeal(db: Db, teamId: number, kind: DealKind, id: number) {
  const rows = await db
    .update(deals)
    .set({ deletedAt: sql`now()` })
    .where(and(ofDeal(teamId, kind, id), liveDeal(deals)))
    .returning({ id: deals.id });
  return rows.length > 0;
}

/** Brings back the deal if it was deleted after `since` (the triggers count it again); a live one is left as it is. */
export async function restoreDeal(db: Db, teamId: number, kind: DealKind, id: number, since: Date) {
  const rows = await db
    .update(deals)
    .set({ deletedAt: null })
    .where(and(ofDeal(teamId, kind, id), gt(deals.deletedAt, since)))
    .returning({ id: deals.id });
  return rows.length > 0;
}

/** Many new deals in one statement (an import's batch), with what each has been paid; their ids in the same order. */
export async function insertDeals(
  db: Db,
  teamId: number,
  kind: DealKind,
  rows: (DealValues & { paidAmount: string })[],
) {
  const inserted = await db
    .insert(deals)
    .values(rows.map((values) => ({ teamId, kind, ...values })))
    .returning({ id: deals.id });
  return inserted.map((row) => row.id);
}

/** Deletes many live deals as softDeleteDeal does one; answers the ids it deleted. */
export async function softDeleteDeals(db: Db, teamId: number, kind: DealKind, ids: number[]) {
  const rows = await db
    .update(deals)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(deals.teamId, teamId), eq(deals.kind, kind), inArray(deals.id, ids), liveDeal(deals)))
    .returning({ id: deals.id });
  return rows.map((row) => row.id);
}
