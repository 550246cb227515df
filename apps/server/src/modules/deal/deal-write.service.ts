import {
  CHANNEL_NOT_FOUND,
  type DealCreateOf,
  type DealKind,
  type DealUpdateOf,
  dealVocabulary,
  EMPLOYEE_NOT_FOUND,
  type InCommonNames,
  inCommonNames,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { restorableSince } from '../../db/team-record.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller, SessionCaller } from '../../lib/caller.js';
import { purchaseChanged, purchaseCreated } from '../attribution/attribution.service.js';
import { resolveCounterpart } from '../counterpart/counterpart.service.js';
import { changedFields, recordEvent } from '../history/history.service.js';
import { dealReferences } from '../reference/reference.service.js';
import { findChannel, findEmployee, findLiveChannel, findMember } from '../team/index.js';
import { dealSnapshot } from './deal.history.js';
import * as repo from './deal.repository.js';
import { checkDeal, checkPlacement, dealFor, showDeal } from './deal.service.js';
import type { DealRow } from './deal-list.query.js';

// What changes a deal: recording one, editing it, deleting and restoring it. Each write checks the payload against
// the team, records who did it (docs/decisions/025) and answers the deal as it is after the write.

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
  // A new deal without a status starts in its kind's first ('Новая'; decisions D2, issue 33).
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
    // null removes the link; not given keeps it.
    postLink: input.postLink === undefined ? (current?.postLink ?? null) : input.postLink,
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
  postLink: deal.postLink,
});

/** The writes of one kind of deal, under /api/sale and /api/purchase. */
export function createDealWriteService<K extends DealKind>(kind: K) {
  const get = (db: Db, caller: SessionCaller, id: number) => dealFor(db, caller, kind, id, 'see');

  return {
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
        return showDeal(tx, caller, kind, created);
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
        return showDeal(tx, caller, kind, updated);
      }),

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
        return showDeal(tx, caller, kind, row);
      }),
  };
}
