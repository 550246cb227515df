import {
  type DealBulkPayment,
  type DealBulkStatus,
  type DealKind,
  dealVocabulary,
  kopecksOf,
  type PageQuery,
  z,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { restorableSince } from '../../db/team-record.js';
import { notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { dayOf } from '../../lib/dates.js';
import { dealScope } from '../access/index.js';
import { lastActors } from '../history/history.service.js';
import { checkDeal, showDeal } from './deal.service.js';
import * as repo from './deal-bulk.repository.js';
import { dealsWithIds } from './deal-list.query.js';
import { createPaymentService } from './deal-payment.service.js';
import { createDealWriteService } from './deal-write.service.js';

// Several deals at once (issue 33): each one goes through the same write as a single call (its checks, its history,
// its move to 'Оплачена'), all of them in one transaction, so one refusal leaves every deal as it was.

const binCursor = z.tuple([z.string().min(1).max(40), z.number().int().positive()]);

export function createBulkService(kind: DealKind) {
  const writes = createDealWriteService(kind);
  const payments = createPaymentService(kind);

  /**
   * Holds every deal of the call (in id order: deal-bulk.repository.ts) and checks each as a single change would: one
   * the caller does not see, or that is not there, answers 404 for the whole call, one they may not change 403.
   */
  async function holdAll(tx: Db, caller: SessionCaller, ids: number[]) {
    const unique = [...new Set(ids)];
    const held = await repo.lockLiveDeals(tx, caller.teamId, kind, unique);
    if (held.length < unique.length) throw notFound(dealVocabulary[kind].words.notFound);
    for (const deal of held) await checkDeal(tx, caller, kind, deal.id, 'change');
    return held;
  }

  return {
    /** Moves every deal to the status; one already there is left as it is and not counted. */
    status: (db: Db, caller: SessionCaller, body: DealBulkStatus) =>
      db.transaction(async (tx) => {
        const held = await holdAll(tx, caller, body.ids);
        const moving = held.filter((deal) => deal.statusId !== body.statusId);
        for (const deal of moving)
          await writes.update(tx, caller, deal.id, { statusId: body.statusId, version: deal.version });
        return { count: moving.length, amount: 0 };
      }),

    /** Pays what is left of each deal's price on `paidAt` (the team's today); a deal paid in full already is skipped. */
    pay: (db: Db, caller: SessionCaller, body: DealBulkPayment) =>
      db.transaction(async (tx) => {
        const held = await holdAll(tx, caller, body.ids);
        const paidAt = body.paidAt ?? dayOf(new Date(), caller.timeZone);
        let count = 0;
        let kopecks = 0;
        for (const deal of held) {
          const left = kopecksOf(deal.price) - kopecksOf(deal.paidAmount);
          if (left <= 0) continue;
          await payments.add(tx, caller, deal.id, { amount: left / 100, paidAt });
          count += 1;
          kopecks += left;
        }
        return { count, amount: kopecks / 100 };
      }),

    /**
     * The bin: the deals deleted within DELETED_DEAL_KEPT_DAYS that the caller sees, newest deletion first, each with
     * who deleted it (its history) and until when it can be restored.
     */
    async deleted(db: Db, caller: SessionCaller, query: PageQuery) {
      const now = new Date();
      const since = restorableSince(now);
      const after = decodeCursor(query.cursor, binCursor);
      const found = await repo.deletedDeals(db, caller.teamId, kind, {
        since,
        visible: dealScope(caller.access, kind),
        after: after && { deletedAt: after[0], id: after[1] },
        limit: query.limit,
      });
      const page = found.slice(0, query.limit);
      if (page.length === 0) return { items: [], nextCursor: null };
      const ids = page.map((row) => row.id);
      const rows = new Map(
        (await dealsWithIds(db, caller.teamId, kind, ids)).map((row) => [row.deal.id, row]),
      );
      const actors = await lastActors(db, caller.teamId, kind, ids, 'delete');
      const items = [];
      for (const { id, deletedAt } of page) {
        const row = rows.get(id);
        if (!row || !deletedAt) continue;
        items.push({
          ...(await showDeal(db, caller, kind, row)),
          deletedAt: deletedAt.toISOString(),
          restorableUntil: new Date(deletedAt.getTime() + now.getTime() - since.getTime()).toISOString(),
          deletedBy: actors.get(id) ?? null,
        });
      }
      const last = page.at(-1);
      return {
        items,
        nextCursor: found.length > query.limit && last ? encodeCursor([last.key, last.id]) : null,
      };
    },
  };
}
