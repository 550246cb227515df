import { type DealKind, dealVocabulary } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { changesDeal, seesDeal } from '../access/index.js';
import { purchasesRemoved } from '../attribution/attribution.service.js';
import { resolveCounterpart } from '../counterpart/counterpart.service.js';
import { recordEvents } from '../history/history.service.js';
import * as repo from './deal.repository.js';
import { checkPlacement } from './deal.service.js';
import { lockLiveDeals } from './deal-bulk.repository.js';
import { insertPayments } from './deal-payment.repository.js';

// An import's deals (issue 37): made many at a time, as the form would make each (the same references and rights,
// checked by the import before), with their payment and history; and deleted many at a time by its undo, as the
// delete of each would (rights, history, a purchase's invite link).

type Counterpart = { name: string; username?: string | undefined };

/** A deal of a file: its values, its counterparts as typed, and what the file says was paid. */
export type ImportedDeal = {
  values: Omit<repo.DealValues, 'externalChannelId' | 'contactId'>;
  counterpart: Counterpart | null;
  contact: Counterpart | null;
  payment: { amount: string; paidAt: string } | null;
};

/**
 * The counterparts of one import by name or username, so a file naming the same advertiser in 10 000 rows looks it up
 * once. Per commit: an id it holds was written by one of the commit's transactions.
 */
export type CounterpartIds = Map<string, number | null>;

async function counterpartId(
  tx: Db,
  caller: SessionCaller,
  kind: 'externalChannel' | 'contact',
  input: Counterpart | null,
  known: CounterpartIds,
) {
  if (!input) return null;
  const key = `${kind}\n${input.username?.toLowerCase() ?? ''}\n${input.name.toLowerCase()}`;
  let id = known.get(key);
  if (id === undefined) {
    id = await resolveCounterpart(tx, kind, caller, { name: input.name, channelLink: input.username });
    known.set(key, id);
  }
  return id;
}

/** Writes a batch of an import's deals in the caller's transaction; their ids, in the batch's order. */
export async function recordImportedDeals(
  tx: Db,
  caller: SessionCaller,
  kind: DealKind,
  batch: ImportedDeal[],
  known: CounterpartIds,
) {
  if (batch.length === 0) return [];
  const rows = [];
  for (const deal of batch) {
    const values = {
      ...deal.values,
      externalChannelId: await counterpartId(tx, caller, 'externalChannel', deal.counterpart, known),
      contactId: await counterpartId(tx, caller, 'contact', deal.contact, known),
    };
    checkPlacement(caller, kind, values);
    rows.push({ ...values, paidAmount: deal.payment?.amount ?? '0' });
  }
  const ids = await repo.insertDeals(tx, caller.teamId, kind, rows);
  await insertPayments(
    tx,
    caller.teamId,
    batch.flatMap((deal, i) => {
      const dealId = ids[i];
      return deal.payment && dealId !== undefined ? [{ dealId, ...deal.payment, note: 'Импорт' }] : [];
    }),
  );
  await recordEvents(tx, caller, kind, ids, 'import');
  return ids;
}

/**
 * Deletes an import's deals that are still live, each as its delete would: one the caller may no longer change
 * refuses the whole undo (403), and nothing is deleted. Restorable from the bin like any deleted deal.
 */
export async function deleteImportedDeals(tx: Db, caller: SessionCaller, kind: DealKind, ids: number[]) {
  if (ids.length === 0) return 0;
  const held = await lockLiveDeals(tx, caller.teamId, kind, ids);
  for (const deal of held) {
    if (!seesDeal(caller.access, kind, deal) || !changesDeal(caller.access, kind, deal)) {
      throw new AppError(
        'FORBIDDEN',
        `Часть ${dealVocabulary[kind].words.title.toLowerCase()} этого импорта вам уже не изменить: отменить его может владелец команды`,
      );
    }
  }
  const deleted = await repo.softDeleteDeals(
    tx,
    caller.teamId,
    kind,
    held.map((deal) => deal.id),
  );
  if (kind === 'purchase') await purchasesRemoved(tx, caller.teamId, deleted);
  await recordEvents(tx, caller, kind, deleted, 'delete');
  return deleted.length;
}
