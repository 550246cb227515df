import type { DealKind } from '@addesk/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dealPayments, deals } from '../../db/schema/index.js';

const paymentColumns = {
  id: dealPayments.id,
  amount: dealPayments.amount,
  paidAt: dealPayments.paidAt,
  note: dealPayments.note,
};

const ofDeal = (teamId: number, kind: DealKind, dealId: number) =>
  and(eq(deals.teamId, teamId), eq(deals.kind, kind), eq(deals.id, dealId));

/** Whether the team has this deal of this kind. */
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
 * makes concurrent payments of one deal take turns, so two of them cannot together pass the price. False: the deal
 * is not the team's, or the amount is more than is left.
 */
export async function addToPaid(db: Db, teamId: number, kind: DealKind, dealId: number, amount: string) {
  const rows = await db
    .update(deals)
    .set({ paidAmount: sql`${deals.paidAmount} + ${amount}::numeric` })
    .where(and(ofDeal(teamId, kind, dealId), sql`${deals.paidAmount} + ${amount}::numeric <= ${deals.price}`))
    .returning({ id: deals.id });
  return rows.length > 0;
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

/** Deletes a payment of the team's deal of this kind and takes it off what the deal has been paid; false: none such. */
export async function deletePayment(
  db: Db,
  teamId: number,
  kind: DealKind,
  dealId: number,
  paymentId: number,
) {
  const [removed] = await db
    .delete(dealPayments)
    .where(
      and(
        eq(dealPayments.teamId, teamId),
        eq(dealPayments.dealId, dealId),
        eq(dealPayments.id, paymentId),
        sql`exists (select 1 from ${deals} where ${ofDeal(teamId, kind, dealId)})`,
      ),
    )
    .returning({ amount: dealPayments.amount });
  if (!removed) return false;
  await db
    .update(deals)
    .set({ paidAmount: sql`${deals.paidAmount} - ${removed.amount}::numeric` })
    .where(ofDeal(teamId, kind, dealId));
  return true;
}
