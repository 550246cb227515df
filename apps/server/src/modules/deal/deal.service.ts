import {
  CHANNEL_NOT_FOUND,
  type DealFilterOf,
  type DealKind,
  type DealSort,
  type DealSummaryQueryOf,
  dealVocabulary,
  EMPLOYEE_NOT_FOUND,
  inCommonNames,
  moneyLeft,
  type PageQuery,
  z,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { boundedCache } from '../../lib/bounded-cache.js';
import type { SessionCaller } from '../../lib/caller.js';
import { decodeCursor, toPage } from '../../lib/cursor.js';
import { dayOf } from '../../lib/dates.js';
import { changesDeal, dealScope, seesDeal, seesPerson, visibleChannels } from '../access/index.js';
import { listHistory } from '../history/history.service.js';
import { dealReferences } from '../reference/reference.service.js';
import { findEmployee } from '../team/index.js';
import { present } from './deal.presenter.js';
import * as repo from './deal.repository.js';
import { costCursorKey } from './deal-list.order.js';
import type { DealRow } from './deal-list.query.js';

/** The team's date now, in its time zone from the session: a deal due before it and not paid in full is overdue. */
const todayOf = (caller: SessionCaller) => dayOf(new Date(), caller.timeZone);

const cursorId = z.number().int().positive();
const costCursor = z.tuple([z.string().regex(/^(\d{1,13}(\.\d{1,2})?|Infinity)$/), cursorId]);
/** Each order's cursor: the last deal's key in that order and its id (a cursor of one order is refused by another). */
const cursors = {
  date: { schema: z.tuple([z.iso.date(), cursorId]), key: ({ deal }: DealRow) => deal.dealDate },
  placement: {
    schema: z.tuple([z.iso.datetime(), cursorId]),
    key: ({ deal }: DealRow) => deal.placementAt.toISOString(),
  },
  costPerSubscriber: {
    schema: costCursor,
    key: ({ deal }: DealRow) => costCursorKey(deal.costPerSubscriber),
  },
  cpm: { schema: costCursor, key: ({ deal }: DealRow) => costCursorKey(deal.cpm) },
} satisfies Record<DealSort, unknown>;

/**
 * A search's matches by team, data version and text, per database: a list and its summary, and every page of one
 * search, look the names up once. The version is the one the session read before any data: a rename bumps it, so the
 * next request's key misses, and a lookup made after that read sees at least that version's names. An entry weighs 64
 * for its key and objects plus one per id, so a database's cache holds at most about 3 000 searches and 200 000 ids:
 * 0.8-1.6 MB of heap when full, measured with 100-character texts and 0 to 100 000 ids a search.
 */
const searchCaches = new WeakMap<Db, ReturnType<typeof boundedCache<repo.SearchMatches>>>();
function searchMatches(db: Db, caller: SessionCaller, text: string) {
  let cached = searchCaches.get(db);
  if (!cached) {
    cached = boundedCache(
      200_000,
      (ids) => 64 + ids.external.length + ids.contact.length + ids.channel.length,
    );
    searchCaches.set(db, cached);
  }
  return cached(`${caller.teamId}\n${caller.dataVersion}\n${text}`, () =>
    repo.searchMatches(db, caller.teamId, text),
  );
}

/** The list's filters in the repository's terms, with the search's matches; undefined when the search finds nothing. */
export async function listFilters<K extends DealKind>(
  db: Db,
  caller: SessionCaller,
  kind: K,
  query: DealSummaryQueryOf<K>,
): Promise<repo.DealFilters | undefined> {
  const filters = inCommonNames<DealSummaryQueryOf<DealKind>>(kind, query);
  const matching = filters.q ? await searchMatches(db, caller, filters.q) : undefined;
  if (matching && Object.values(matching).every((ids) => ids.length === 0)) return undefined;
  return {
    visible: dealScope(caller.access, kind),
    statusIds: filters.statusId,
    channelIds: filters.channelId,
    externalChannelIds: filters.externalChannelId,
    advertisementTypeIds: filters.advertisementTypeId,
    employeeIds: filters.by,
    price: filters.priceCondition,
    date: filters.dateCondition,
    matching,
    paymentStates: filters.paymentState,
  };
}

const mayNotChange = (kind: DealKind) =>
  new AppError(
    'FORBIDDEN',
    kind === 'sale'
      ? 'Эту продажу может изменить администратор канала или менеджер, который её продал'
      : 'Эту закупку может изменить администратор канала или менеджер, который её закупил',
  );

/**
 * A live deal the caller sees (404 otherwise, like another team's) and, for `change`, one their role lets them change
 * (403 otherwise): the one check of a deal's access, for this module and the ones that hang off a deal.
 */
export async function dealFor(
  db: Db,
  caller: SessionCaller,
  kind: DealKind,
  id: number,
  need: 'see' | 'change',
) {
  const row = await repo.findDeal(db, caller.teamId, kind, id);
  if (!row || !seesDeal(caller.access, kind, row.deal)) throw notFound(dealVocabulary[kind].words.notFound);
  if (need === 'change' && !changesDeal(caller.access, kind, row.deal)) throw mayNotChange(kind);
  return row;
}

/** The same check where the caller's own query already answers 404 for a deal that is not there: none for the owner. */
export async function checkDeal(
  db: Db,
  caller: SessionCaller,
  kind: DealKind,
  id: number,
  need: 'see' | 'change',
) {
  if (!caller.access.owner) await dealFor(db, caller, kind, id, need);
}

/** A deal being recorded or moved must land where the caller may put it: a channel they see, under a role that lets them. */
export function checkPlacement(caller: SessionCaller, kind: DealKind, values: repo.DealValues) {
  if (changesDeal(caller.access, kind, values)) return;
  if (!(visibleChannels(caller.access)?.includes(values.channelId) ?? true))
    throw notFound(CHANNEL_NOT_FOUND);
  throw mayNotChange(kind);
}

/** A deal as the API answers it, on the caller's team's today. */
export const showDeal = async <K extends DealKind>(db: Db, caller: SessionCaller, kind: K, row: DealRow) =>
  present(kind, row, await dealReferences(db), todayOf(caller));

/** The reads of one kind of deal, under /api/sale and /api/purchase; its writes are deal-write.service.ts. */
export function createDealService<K extends DealKind>(kind: K) {
  const get = (db: Db, caller: SessionCaller, id: number) => dealFor(db, caller, kind, id, 'see');

  async function page(
    db: Db,
    caller: SessionCaller,
    filters: repo.DealFilters,
    query: PageQuery & { sort?: DealSort },
  ) {
    const sort = query.sort ?? 'date';
    const after = decodeCursor(query.cursor, cursors[sort].schema);
    const refs = await dealReferences(db);
    const today = todayOf(caller);
    const rows = await repo
      .listDeals(db, caller.teamId, kind, filters, today, {
        limit: query.limit,
        after: after && { key: after[0], id: after[1] },
        sort,
      })
      .execute();
    return toPage(
      rows,
      query.limit,
      (row) => present(kind, row, refs, today),
      (row) => [cursors[sort].key(row), row.deal.id],
    );
  }

  return {
    get: async (db: Db, caller: SessionCaller, id: number) =>
      showDeal(db, caller, kind, await get(db, caller, id)),

    async filter(db: Db, caller: SessionCaller, query: DealFilterOf<K>) {
      const filters = await listFilters(db, caller, kind, query);
      if (!filters) return { items: [], nextCursor: null };
      return page(db, caller, filters, query);
    },

    /** The totals of exactly what the list with these filters shows, every page of it. */
    async summary(db: Db, caller: SessionCaller, query: DealSummaryQueryOf<K>) {
      const filters = await listFilters(db, caller, kind, query);
      if (!filters)
        return { count: 0, total: 0, paid: 0, unpaid: 0, overdue: 0, cancelled: { count: 0, amount: 0 } };
      const sums = await repo.summarizeDeals(db, caller.teamId, kind, filters, todayOf(caller));
      return {
        count: sums.count,
        total: Number(sums.total),
        paid: Number(sums.paid),
        unpaid: moneyLeft(sums.total, sums.paid),
        overdue: Number(sums.overdue),
        cancelled: { count: sums.cancelledCount, amount: Number(sums.cancelledAmount) },
      };
    },

    async byEmployee(db: Db, caller: SessionCaller, employeeId: number, query: PageQuery) {
      if (!seesPerson(caller.access, employeeId) || !(await findEmployee(db, caller.teamId, employeeId)))
        throw notFound(EMPLOYEE_NOT_FOUND);
      return page(db, caller, { visible: dealScope(caller.access, kind), employeeIds: [employeeId] }, query);
    },

    /** Who did what to the deal, newest first: for those who may change it (docs/decisions/025). */
    async history(db: Db, caller: SessionCaller, id: number, query: PageQuery) {
      await dealFor(db, caller, kind, id, 'change');
      return listHistory(db, caller.teamId, { entity: kind, entityId: id }, query);
    },
  };
}

export type { DealFilters } from './deal.repository.js';
// What the export module reads deals with: the list's own WHERE and cursor (deal-export.query.ts).
export { type DealExportRow, dealExportRows, exportCursor } from './deal-export.query.js';
export type { DealCursor } from './deal-list.order.js';
