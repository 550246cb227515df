import {
  type DealKind,
  dealVocabulary,
  MAX_PAYMENTS_PER_DEAL,
  OVERPAID,
  PAYMENT_NOT_FOUND,
  type PaymentCreate,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { recordEvent, valueBefore } from '../history/history.service.js';
import { type DealReferences, dealReferences } from '../reference/reference.service.js';
import { checkDeal } from './deal.service.js';
import * as repo from './deal-payment.repository.js';

type PaymentRow = Awaited<ReturnType<typeof repo.listPayments>>[number];
type Named = DealReferences['statuses'][DealKind][number];
const present = (row: PaymentRow) => ({ ...row, amount: Number(row.amount) });

/** A deal's payments (decisions D5), under /api/sale/{id}/payments or /api/purchase/{id}/payments. */
export function createPaymentService(kind: DealKind) {
  const dealNotFound = () => notFound(dealVocabulary[kind].words.notFound);

  /** Moves the deal to another status, written and kept in its history as any change of status. */
  async function setStatus(tx: Db, caller: SessionCaller, dealId: number, from: string | null, to: Named) {
    await repo.setStatus(tx, caller.teamId, kind, dealId, to.id);
    await recordEvent(tx, caller, {
      entity: kind,
      entityId: dealId,
      action: 'update',
      changes: [{ field: 'status', from, to: to.name }],
    });
  }

  /**
   * A deal paid in full whose status comes before the kind's paid one ('Новая', 'Ожидает оплаты') moves to it
   * ('Оплачена'); one already past it keeps its status.
   */
  async function movePaidDeal(tx: Db, caller: SessionCaller, dealId: number, statusId: number) {
    const refs = await dealReferences(tx);
    const paid = refs.paid[kind];
    if (!paid?.before.has(statusId)) return;
    await setStatus(tx, caller, dealId, refs.names.status.get(statusId) ?? null, paid.status);
  }

  /**
   * The way back: a deal at the paid status that a payment's removal leaves short returns to the status it had before
   * it was last moved there (its history says), else to the one just before the paid one ('Ожидает оплаты').
   */
  async function moveUnpaidDeal(tx: Db, caller: SessionCaller, dealId: number, statusId: number) {
    const refs = await dealReferences(tx);
    const paid = refs.paid[kind];
    if (paid?.status.id !== statusId) return;
    const earlier = refs.statuses[kind].filter((s) => paid.before.has(s.id));
    const record = { entity: kind, entityId: dealId };
    const was = await valueBefore(tx, caller.teamId, record, 'status', paid.status.name);
    const back = earlier.find((s) => s.name === was) ?? earlier.at(-1);
    if (back) await setStatus(tx, caller, dealId, paid.status.name, back);
  }

  return {
    async list(db: Db, caller: SessionCaller, dealId: number) {
      await checkDeal(db, caller, kind, dealId, 'see');
      if (!(await repo.dealExists(db, caller.teamId, kind, dealId))) throw dealNotFound();
      return (await repo.listPayments(db, caller.teamId, dealId)).map(present);
    },

    /** One transaction: the deal's sum grows with the payment or neither is written. */
    add: (db: Db, caller: SessionCaller, dealId: number, body: PaymentCreate) =>
      db.transaction(async (tx) => {
        await checkDeal(tx, caller, kind, dealId, 'change');
        const amount = body.amount.toFixed(2);
        const deal = await repo.addToPaid(tx, caller.teamId, kind, dealId, amount);
        if (!deal) {
          if (!(await repo.dealExists(tx, caller.teamId, kind, dealId))) throw dealNotFound();
          throw new AppError('VALIDATION_ERROR', OVERPAID, { amount: [OVERPAID] });
        }
        // Counted under the deal's row lock (taken above), so concurrent payments cannot both be the 101st.
        if ((await repo.countPayments(tx, caller.teamId, dealId)) >= MAX_PAYMENTS_PER_DEAL) {
          const message = `Не больше ${MAX_PAYMENTS_PER_DEAL} оплат по одной сделке`;
          throw new AppError('VALIDATION_ERROR', message, { amount: [message] });
        }
        const row = await repo.insertPayment(tx, caller.teamId, dealId, {
          amount,
          paidAt: body.paidAt,
          note: body.note || null,
        });
        await recordEvent(tx, caller, {
          entity: kind,
          entityId: dealId,
          action: 'payment_add',
          changes: [
            { field: 'amount', from: null, to: Number(amount) },
            { field: 'paidAt', from: null, to: body.paidAt },
          ],
        });
        if (deal.paidInFull) await movePaidDeal(tx, caller, dealId, deal.statusId);
        return present(row);
      }),

    remove: (db: Db, caller: SessionCaller, dealId: number, paymentId: number) =>
      db.transaction(async (tx) => {
        await checkDeal(tx, caller, kind, dealId, 'change');
        const removed = await repo.deletePayment(tx, caller.teamId, kind, dealId, paymentId);
        if (removed) {
          await recordEvent(tx, caller, {
            entity: kind,
            entityId: dealId,
            action: 'payment_delete',
            changes: [
              { field: 'amount', from: Number(removed.amount), to: null },
              { field: 'paidAt', from: removed.paidAt, to: null },
            ],
          });
          if (removed.deal.wasPaidInFull) await moveUnpaidDeal(tx, caller, dealId, removed.deal.statusId);
          return;
        }
        if (!(await repo.dealExists(tx, caller.teamId, kind, dealId))) throw dealNotFound();
        throw notFound(PAYMENT_NOT_FOUND);
      }),
  };
}
