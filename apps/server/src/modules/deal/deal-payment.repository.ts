import type { DealKind } from '@addesk/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dealPayments, deals } from '../../db/schema/index.js';
import { liveDeal } from '../../db/team-record.js';

const paymentColumns = {
  id: dealPayments.id,
  amount: dealPayments.amount,
  paidAt: dealPayments.paidAt,
  note: dealPayments.note,
};

/** The team's live deal of this kind: a deleted deal's payments are neither listed nor written. */
const ofDeal = (teamId: number, kind: DealKind, dealId: number) =>
  and(eq(deals.teamId, teamId), eq(deals.kind, kind), eq(deals.id, dealId), liveDeal(deals));

/** Whether the team has this live deal of this kind. */
export async function dealExists(db: Db, teamId: number, kind: DealKind, dealId: number) {
  const rows = await db
    .select({ id: deals.id })
    .from(deals)
    .where(ofDeal(teamId, kind, dealId));
  return rows.length > 0;
}

/** A deal's payments, in the order they were paid. */
export function listPayments(db: Db, teamId: number, dealId: number) {
  return db
    .select(paymentColumns)
    .from(dealPayments)
    .where(and(eq(dealPayments.teamId, teamId), eq(dealPayments.dealId, dealId)))
    .orderBy(asc(dealPayments.paidAt), asc(dealPayments.id));
}

export async function countPayments(db: Db, teamId: number, dealId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(dealPayments)
    .where(and(eq(dealPayments.teamId, teamId), eq(dealPayments.dealId, dealId)));
  return row?.n ?? 0;
}

/**
 * Adds `amount` (roubles, as text) to what the deal has been paid, if that stays within its price. The row's lock
 * makes concurrent payments of one deal take turns, so two of them cannot together pass the price. Answers the
 * deal's status and whether it is now paid in full; undefined: the deal is not the team's, or the amount is more than
 * is left.
 */
export async function addToPaid(db: Db, teamId: number, kind: DealKind, dealId: number, amount: string) {
  const [row] = await db
    .update(deals)
    .set({ paidAmount: sql`${deals.paidAmount} + ${amount}::numeric` })
    .where(and(ofDeal(teamId, kind, dealId), sql`${deals.paidAmount} + ${amount}::numeric <= ${deals.price}`))
    .returning({ statusId: deals.statusId, paidInFull: sql<boolean>`${deals.paidAmount} = ${deals.price}` });
  return row;
}

/** Sets the deal's status as an edit does (a new version, so a form read before answers 409 instead of undoing it). */
export async function setStatus(db: Db, teamId: number, kind: DealKind, dealId: number, statusId: number) {
  await db
    .update(deals)
    .set({ statusId, version: sql`${deals.version} + 1`, updatedAt: sql`now()` })
    .where(ofDeal(teamId, kind, dealId));
}

export async function insertPayment(
  db: Db,
  teamId: number,
  dealId: number,
  values: { amount: string; paidAt: string; note: string | null },
) {
  const [row] = await db
    .insert(dealPayments)
    .values({ teamId, dealId, ...values })
    .returning(paymentColumns);
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

/**
 * Deletes a payment of the team's live deal of this kind and takes it off what the deal has been paid, answering the
 * payment, the deal's status and whether it was paid in full before; undefined: none such. The deal's row is held
 * first, so a delete of the deal at the same time either comes first (and this finds no live deal) or waits for this
 * one.
 */
export async function deletePayment(
  db: Db,
  teamId: number,
  kind: DealKind,
  dealId: number,
  paymentId: number,
) {
  const held = await db
    .select({ id: deals.id })
    .from(deals)
    .where(ofDeal(teamId, kind, dealId))
    .for('no key update');
  if (held.length === 0) return undefined;
  const [removed] = await db
    .delete(dealPayments)
    .where(
      and(eq(dealPayments.teamId, teamId), eq(dealPayments.dealId, dealId), eq(dealPayments.id, paymentId)),
    )
    .returning({ amount: dealPayments.amount, paidAt: dealPayments.paidAt });
  if (!removed) return undefined;
  const [deal] = await db
    .update(deals)
    .set({ paidAmount: sql`${deals.paidAmount} - ${removed.amount}::numeric` })
    .where(ofDeal(teamId, kind, dealId))
    .returning({
      statusId: deals.statusId,
      wasPaidInFull: sql<boolean>`${deals.paidAmount} + ${removed.amount}::numeric = ${deals.price}`,
    });
  if (!deal) throw new Error('the held deal was not updated');
  return { ...removed, deal };
}

/** Many payments in one statement: an import's batch (each deal's row already holds what they add up to). */
export async function insertPayments(
  db: Db,
  teamId: number,
  rows: { dealId: number; amount: string; paidAt: string; note: string | null }[],
) {
  if (rows.length > 0) await db.insert(dealPayments).values(rows.map((row) => ({ teamId, ...row })));
}
