import {
  CHANNEL_NOT_FOUND,
  DEAL_NOT_FOUND,
  type DealKind,
  EMPLOYEE_NOT_FOUND,
  type PageQuery,
  type purchaseCreateSchema,
  type purchaseFilterQuery,
  type saleCreateSchema,
  type saleFilterQuery,
  z,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../lib/caller.js';
import { decodeCursor, toPage } from '../../lib/cursor.js';
import { findChannel } from '../channel/channel.repository.js';
import { type CounterpartInput, resolveCounterpart } from '../counterpart/counterpart.service.js';
import { findEmployee } from '../employee/employee.repository.js';
import { type DealReferences, dealReferences } from '../reference/reference.service.js';
import { present } from './deal.presenter.js';
import * as repo from './deal.repository.js';
import type { DealRow } from './deal-list.query.js';

type SalePayload = z.output<typeof saleCreateSchema>;
type PurchasePayload = z.output<typeof purchaseCreateSchema>;

/** What both kinds of payload say, under one set of names; undefined: not given (PATCH keeps the stored value). */
type DealInput = {
  channelId?: number | undefined;
  employeeId?: number | undefined;
  statusId?: number | undefined;
  advertisementFormatId?: number | undefined;
  advertisementTypeId?: number | undefined;
  external?: CounterpartInput | null | undefined;
  contact?: CounterpartInput | null | undefined;
  /** A PATCH names any part of the placement; what it leaves out keeps its stored value. */
  accommodation?: Partial<SalePayload['accommodationCondition']> | undefined;
  price?: number | undefined;
  dealDate?: string | undefined;
};

const fromPayload = {
  sale: (p: Partial<SalePayload>): DealInput => ({
    ...common(p),
    employeeId: p.soldByEmployeeId,
    advertisementTypeId: p.advertisementTypeId,
    external: p.externalChannelInfo,
    dealDate: p.saleDate,
  }),
  purchase: (p: Partial<PurchasePayload>): DealInput => ({
    ...common(p),
    employeeId: p.purchasedByEmployeeId,
    external: p.externalChannel,
    dealDate: p.purchaseDate,
  }),
};

function common(p: Partial<SalePayload | PurchasePayload>): DealInput {
  return {
    channelId: p.channelId,
    statusId: p.statusId,
    advertisementFormatId: p.advertisementFormatId,
    contact: p.contactPerson,
    accommodation: p.accommodationCondition,
    price: p.price,
  };
}

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
  const employeeId = input.employeeId ?? current?.employeeId ?? caller.employeeId;
  if (employeeId !== null && !(await findEmployee(tx, caller.teamId, employeeId)))
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
  const typeId = kind === 'sale' ? (input.advertisementTypeId ?? current?.advertisementTypeId ?? null) : null;
  if (typeId !== null && !refs.names.type.has(typeId)) {
    throw invalid('advertisementTypeId', 'Выберите тип рекламы из списка');
  }

  const placement = input.accommodation;
  const durationType = placement?.durationType ?? current?.durationType ?? 'INFINITY';
  // INFINITY stores no duration (spec §3): whatever the client sent, 'Без удаления' has none.
  const duration = durationType === 'INFINITY' ? null : (placement?.duration ?? current?.duration ?? 0);
  const price = input.price === undefined ? current?.price : input.price.toFixed(2);
  const placementAt = placement?.accommodationTime
    ? new Date(placement.accommodationTime)
    : current?.placementAt;
  const dealDate = input.dealDate ?? current?.dealDate;
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
      input.contact === undefined
        ? (current?.contactId ?? null)
        : await resolveCounterpart(tx, 'contact', caller, input.contact),
    placementAt,
    durationType,
    duration,
    hoursInTop: placement?.hoursInTop ?? current?.hoursInTop ?? 0,
    price,
    dealDate,
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
});

export function createDealService<K extends DealKind>(kind: K) {
  const presentDeal = present[kind] as (
    row: DealRow,
    refs: DealReferences,
  ) => ReturnType<(typeof present)[K]>;
  const show = async (db: Db, row: DealRow) => presentDeal(row, await dealReferences(db));
  const toInput = fromPayload[kind] as (payload: object) => DealInput;
  const cursorKey = z.tuple([z.iso.date(), z.number().int().positive()]);

  async function get(db: Db, caller: Caller, id: number) {
    const row = await repo.findDeal(db, caller.teamId, kind, id);
    if (!row) throw notFound(DEAL_NOT_FOUND[kind]);
    return row;
  }

  async function page(db: Db, caller: Caller, filters: repo.DealFilters, query: PageQuery) {
    const after = decodeCursor(query.cursor, cursorKey);
    const refs = await dealReferences(db);
    const rows = await repo
      .listDeals(db, caller.teamId, kind, filters, {
        limit: query.limit,
        after: after && { dealDate: after[0], id: after[1] },
      })
      .execute();
    return toPage(
      rows,
      query.limit,
      (row) => presentDeal(row, refs),
      ({ deal }) => [deal.dealDate, deal.id],
    );
  }

  return {
    get: async (db: Db, caller: Caller, id: number) => show(db, await get(db, caller, id)),

    filter(
      db: Db,
      caller: Caller,
      query: z.output<typeof saleFilterQuery> | z.output<typeof purchaseFilterQuery>,
    ) {
      return page(
        db,
        caller,
        {
          statusIds: query.statusId,
          channelIds: query.channelId,
          externalChannelIds: query.externalChannelId,
          advertisementTypeIds: query.advertisementTypeId,
          employeeIds:
            'soldBy' in query ? query.soldBy : 'purchasedBy' in query ? query.purchasedBy : undefined,
          price: query.priceCondition,
          date:
            'saleDateCondition' in query
              ? query.saleDateCondition
              : 'purchaseDateCondition' in query
                ? query.purchaseDateCondition
                : undefined,
        },
        query,
      );
    },

    async byEmployee(db: Db, caller: Caller, employeeId: number, query: PageQuery) {
      if (!(await findEmployee(db, caller.teamId, employeeId))) throw notFound(EMPLOYEE_NOT_FOUND);
      return page(db, caller, { employeeIds: [employeeId] }, query);
    },

    // A write and the answer that shows it are one transaction: a concurrent delete of the channel (its deals go
    // with it) either comes before, and the write answers 404, or after the answer.
    create: (db: Db, caller: Caller, payload: object) =>
      db.transaction(async (tx) => {
        const values = await resolve(tx, kind, caller, toInput(payload), undefined);
        const id = await repo.insertDeal(tx, caller.teamId, kind, values);
        return show(tx, await get(tx, caller, id));
      }),

    /** A partial update; a stale version (someone saved in between) is refused with 409 and nothing is written. */
    update: (db: Db, caller: Caller, id: number, payload: { version: number }) =>
      db.transaction(async (tx) => {
        const current = await get(tx, caller, id);
        const values = await resolve(tx, kind, caller, toInput(payload), valuesOf(current));
        if (!(await repo.updateDeal(tx, caller.teamId, kind, id, payload.version, values))) {
          throw new AppError('VERSION_CONFLICT');
        }
        return show(tx, await get(tx, caller, id));
      }),
  };
}
