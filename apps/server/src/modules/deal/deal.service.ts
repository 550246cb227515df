import {
  CHANNEL_NOT_FOUND,
  type DealCreateOf,
  type DealFilterOf,
  type DealKind,
  type DealSort,
  type DealSummaryQueryOf,
  type DealUpdateOf,
  dealVocabulary,
  EMPLOYEE_NOT_FOUND,
  type InCommonNames,
  inCommonNames,
  type PageQuery,
  z,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { restorableSince } from '../../db/team-record.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { boundedCache } from '../../lib/bounded-cache.js';
import type { Caller, SessionCaller } from '../../lib/caller.js';
import { decodeCursor, toPage } from '../../lib/cursor.js';
import { dayOf } from '../../lib/dates.js';
import { changesDeal, dealScope, seesDeal, seesPerson, visibleChannels } from '../access/index.js';
import { purchaseChanged, purchaseCreated } from '../attribution/attribution.service.js';
import { resolveCounterpart } from '../counterpart/counterpart.service.js';
import { changedFields, listHistory, recordEvent } from '../history/history.service.js';
import { dealReferences } from '../reference/reference.service.js';
import { findChannel, findEmployee, findLiveChannel, findMember } from '../team/index.js';
import { dealSnapshot } from './deal.history.js';
import { present } from './deal.presenter.js';
import * as repo from './deal.repository.js';
import { costCursorKey } from './deal-list.order.js';
import type { DealRow } from './deal-list.query.js';

/**
 * What both kinds of payload say, in common names (`inCommonNames`); undefined: not given (a PATCH keeps the stored
 * value), and a PATCH names any part of the placement.
 */
type DealInput = Partial<Omit<InCommonNames<DealCreateOf<'sale'>>, 'accommodationCondition'>> & {
  accommodationCondition?: Partial<DealCreateOf<DealKind>['accommodationCondition']> | undefined;
};

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { [field]: [message] });

/** Checks every reference of the deal against the caller's team and the kind's lists; answers the row to write. */
async function resolve(
  tx: Db,
  kind: DealKind,
  caller: Caller,
  input: DealInput,
  current: repo.DealValues | undefined,
): Promise<repo.DealValues> {
  const channelId = input.channelId ?? current?.channelId;
  if (channelId === undefined || !(await findChannel(tx, caller.teamId, channelId)))
    throw notFound(CHANNEL_NOT_FOUND);
  // A deal of an archived channel stays editable; a new one, or one moved, goes only to a channel that works.
  if (channelId !== current?.channelId && !(await findLiveChannel(tx, caller.teamId, channelId)))
    throw invalid('channelId', 'Канал в архиве: восстановите его, чтобы добавлять сделки');
  const employeeId = input.employeeId ?? current?.employeeId ?? caller.employeeId;
  // A past deal keeps a person who has since left the team; a new or changed one must be in the team now.
  const findPerson = employeeId === current?.employeeId ? findEmployee : findMember;
  if (employeeId !== null && !(await findPerson(tx, caller.teamId, employeeId)))
    throw notFound(EMPLOYEE_NOT_FOUND);

  const refs = await dealReferences(tx);
  // A new purchase starts in the first purchase status (decisions D2).
  const statusId = input.statusId ?? current?.statusId ?? refs.statuses[kind][0]?.id;
  if (statusId === undefined || !refs.statuses[kind].some((s) => s.id === statusId)) {
    throw invalid('statusId', 'Выберите статус из списка');
  }
  const formatId = input.advertisementFormatId ?? current?.advertisementFormatId ?? null;
  if (formatId !== null && !refs.names.format.has(formatId)) {
    throw invalid('advertisementFormatId', 'Выберите формат из списка');
  }
  const typeId = dealVocabulary[kind].hasAdvertisementType
    ? (input.advertisementTypeId ?? current?.advertisementTypeId ?? null)
    : null;
  if (typeId !== null && !refs.names.type.has(typeId)) {
    throw invalid('advertisementTypeId', 'Выберите тип рекламы из списка');
  }

  const placement = input.accommodationCondition;
  const durationType = placement?.durationType ?? current?.durationType ?? 'INFINITY';
  // INFINITY stores no duration (spec §3): whatever the client sent, 'Без удаления' has none.
  const duration = durationType === 'INFINITY' ? null : (placement?.duration ?? current?.duration ?? 0);
  const price = input.price === undefined ? current?.price : input.price.toFixed(2);
  const placementAt = placement?.accommodationTime
    ? new Date(placement.accommodationTime)
    : current?.placementAt;
  const dealDate = input.date ?? current?.dealDate;
  if (price === undefined || placementAt === undefined || dealDate === undefined) {
    throw invalid('price', 'Заполните стоимость, дату и время');
  }
  return {
    channelId,
    employeeId,
    statusId,
    advertisementFormatId: formatId,
    advertisementTypeId: typeId,
    externalChannelId:
      input.external === undefined
        ? (current?.externalChannelId ?? null)
        : await resolveCounterpart(tx, 'externalChannel', caller, input.external),
    contactId:
      input.contactPerson === undefined
        ? (current?.contactId ?? null)
        : await resolveCounterpart(tx, 'contact', caller, input.contactPerson),
    placementAt,
    durationType,
    duration,
    hoursInTop: placement?.hoursInTop ?? current?.hoursInTop ?? 0,
    price,
    dealDate,
    // null removes the due date; not given keeps it.
    paymentDueDate:
      input.paymentDueDate === undefined ? (current?.paymentDueDate ?? null) : input.paymentDueDate,
  };
}

const valuesOf = ({ deal }: DealRow): repo.DealValues => ({
  channelId: deal.channelId,
  employeeId: deal.employeeId,
  externalChannelId: deal.externalChannelId,
  contactId: deal.contactId,
  advertisementFormatId: deal.advertisementFormatId,
  advertisementTypeId: deal.advertisementTypeId,
  statusId: deal.statusId,
  placementAt: deal.placementAt,
  durationType: deal.durationType,
  duration: deal.duration,
  hoursInTop: deal.hoursInTop,
  price: deal.price,
  dealDate: deal.dealDate,
  paymentDueDate: deal.paymentDueDate,
});

/** The team's date now, in its time zone from the session: a deal due before it and not paid in full is overdue. */
const todayOf = (caller: SessionCaller) => dayOf(new Date(), caller.timeZone);

const cursorId = z.number().int().positive();
/** Each order's cursor: the last deal's key in that order and its id (a cursor of one order is refused by another). */
const cursors = {
  date: { schema: z.tuple([z.iso.date(), cursorId]), key: ({ deal }: DealRow) => deal.dealDate },
  placement: {
    schema: z.tuple([z.iso.datetime(), cursorId]),
    key: ({ deal }: DealRow) => deal.placementAt.toISOString(),
  },
  costPerSubscriber: {
    schema: z.tuple([z.string().regex(/^(\d{1,13}(\.\d{1,2})?|Infinity)$/), cursorId]),
    key: ({ deal }: DealRow) => costCursorKey(deal.costPerSubscriber),
  },
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
function checkPlacement(caller: SessionCaller, kind: DealKind, values: repo.DealValues) {
  if (changesDeal(caller.access, kind, values)) return;
  if (!(visibleChannels(caller.access)?.includes(values.channelId) ?? true))
    throw notFound(CHANNEL_NOT_FOUND);
  throw mayNotChange(kind);
}

export function createDealService<K extends DealKind>(kind: K) {
  const show = async (db: Db, caller: SessionCaller, row: DealRow) =>
    present(kind, row, await dealReferences(db), todayOf(caller));

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
    get: async (db: Db, caller: SessionCaller, id: number) => show(db, caller, await get(db, caller, id)),

    async filter(db: Db, caller: SessionCaller, query: DealFilterOf<K>) {
      const filters = await listFilters(db, caller, kind, query);
      if (!filters) return { items: [], nextCursor: null };
      return page(db, caller, filters, query);
    },

    /** The totals of exactly what the list with these filters shows, every page of it. */
    async summary(db: Db, caller: SessionCaller, query: DealSummaryQueryOf<K>) {
      const filters = await listFilters(db, caller, kind, query);
      if (!filters) return { count: 0, total: 0, paid: 0, unpaid: 0, overdue: 0 };
      const sums = await repo.summarizeDeals(db, caller.teamId, kind, filters, todayOf(caller));
      return {
        count: sums.count,
        total: Number(sums.total),
        paid: Number(sums.paid),
        // Kopecks: the difference of two sums of roubles as whole kopecks, never 0.30000000000000004.
        unpaid: (Math.round(Number(sums.total) * 100) - Math.round(Number(sums.paid) * 100)) / 100,
        overdue: Number(sums.overdue),
      };
    },

    async byEmployee(db: Db, caller: SessionCaller, employeeId: number, query: PageQuery) {
      if (!seesPerson(caller.access, employeeId) || !(await findEmployee(db, caller.teamId, employeeId)))
        throw notFound(EMPLOYEE_NOT_FOUND);
      return page(db, caller, { visible: dealScope(caller.access, kind), employeeIds: [employeeId] }, query);
    },

    // A write and the answer that shows it are one transaction: a concurrent delete of the channel (its deals go
    // with it) either comes before, and the write answers 404, or after the answer.
    create: (db: Db, caller: SessionCaller, payload: DealCreateOf<K>) =>
      db.transaction(async (tx) => {
        const values = await resolve(
          tx,
          kind,
          caller,
          inCommonNames<DealCreateOf<DealKind>>(kind, payload),
          undefined,
        );
        checkPlacement(caller, kind, values);
        const id = await repo.insertDeal(tx, caller.teamId, kind, values);
        if (kind === 'purchase') await purchaseCreated(tx, caller.teamId, id, values.channelId);
        const created = await get(tx, caller, id);
        await recordEvent(tx, caller, {
          entity: kind,
          entityId: id,
          action: 'create',
          changes: changedFields({}, dealSnapshot(created, await dealReferences(tx))),
        });
        return show(tx, caller, created);
      }),

    /** A partial update; a stale version (someone saved in between) is refused with 409 and nothing is written. */
    update: (db: Db, caller: SessionCaller, id: number, payload: DealUpdateOf<K>) =>
      db.transaction(async (tx) => {
        const current = await dealFor(tx, caller, kind, id, 'change');
        const values = await resolve(
          tx,
          kind,
          caller,
          inCommonNames<DealUpdateOf<DealKind>>(kind, payload),
          valuesOf(current),
        );
        checkPlacement(caller, kind, values);
        if (!(await repo.updateDeal(tx, caller.teamId, kind, id, payload.version, values))) {
          // Deleted meanwhile: gone, not stale.
          await get(tx, caller, id);
          throw new AppError('VERSION_CONFLICT');
        }
        if (kind === 'purchase')
          await purchaseChanged(tx, caller.teamId, id, values.channelId !== current.deal.channelId);
        const updated = await get(tx, caller, id);
        const refs = await dealReferences(tx);
        const changes = changedFields(dealSnapshot(current, refs), dealSnapshot(updated, refs));
        if (changes.length > 0)
          await recordEvent(tx, caller, { entity: kind, entityId: id, action: 'update', changes });
        return show(tx, caller, updated);
      }),

    /** Who did what to the deal, newest first: for those who may change it (docs/decisions/025). */
    async history(db: Db, caller: SessionCaller, id: number, query: PageQuery) {
      await dealFor(db, caller, kind, id, 'change');
      return listHistory(db, caller.teamId, { entity: kind, entityId: id }, query);
    },

    /**
     * Deletes the deal from every list and sum; restorable for DELETED_DEAL_KEPT_DAYS (docs/decisions/017). A
     * purchase's invite link is revoked with it.
     */
    remove: (db: Db, caller: SessionCaller, id: number) =>
      db.transaction(async (tx) => {
        await checkDeal(tx, caller, kind, id, 'change');
        if (!(await repo.softDeleteDeal(tx, caller.teamId, kind, id)))
          throw notFound(dealVocabulary[kind].words.notFound);
        if (kind === 'purchase') await purchaseChanged(tx, caller.teamId, id);
        await recordEvent(tx, caller, { entity: kind, entityId: id, action: 'delete' });
      }),

    /**
     * Brings back a deal deleted within DELETED_DEAL_KEPT_DAYS and answers it; a live one is answered as it is, so a
     * second tap on 'Отменить' is harmless. A purchase's link revoked by the delete stays revoked: Telegram cannot
     * bring a revoked link back, and 'Создать ссылку' makes a new one.
     */
    restore: (db: Db, caller: SessionCaller, id: number) =>
      db.transaction(async (tx) => {
        const restored = await repo.restoreDeal(tx, caller.teamId, kind, id, restorableSince(new Date()));
        // Checked on the restored deal, in the transaction: a refusal rolls the restore back.
        const row = await dealFor(tx, caller, kind, id, 'change');
        if (restored) await recordEvent(tx, caller, { entity: kind, entityId: id, action: 'restore' });
        return show(tx, caller, row);
      }),
  };
}

export type { DealFilters } from './deal.repository.js';
// What the export module reads deals with: the list's own WHERE and cursor (deal-export.query.ts).
export { type DealExportRow, dealExportRows, exportCursor } from './deal-export.query.js';
export type { DealCursor } from './deal-list.order.js';
