import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentMethods, paymentMethodTypes } from '../../db/schema/index.js';

const columns = {
  id: paymentMethods.id,
  employeeId: paymentMethods.employeeId,
  paymentMethodTypeId: paymentMethods.paymentMethodTypeId,
  paymentMethodTypeName: paymentMethodTypes.name,
  credentials: paymentMethods.credentials,
  description: paymentMethods.description,
};

const withType = (db: Db) =>
  db
    .select(columns)
    .from(paymentMethods)
    .innerJoin(paymentMethodTypes, eq(paymentMethodTypes.id, paymentMethods.paymentMethodTypeId));

export const listByEmployee = (db: Db, teamId: number, employeeId: number) =>
  withType(db)
    .where(and(eq(paymentMethods.teamId, teamId), eq(paymentMethods.employeeId, employeeId)))
    .orderBy(asc(paymentMethods.id));

export async function findPaymentMethod(db: Db, teamId: number, id: number) {
  const [row] = await withType(db).where(and(eq(paymentMethods.teamId, teamId), eq(paymentMethods.id, id)));
  return row;
}

export type NewPaymentMethod = {
  employeeId: number;
  paymentMethodTypeId: number;
  credentials: string;
  description: string;
};

/**
 * Adds requisites unless the employee already has the same type and credentials; answers the id either way. One
 * statement on the unique index, so two requests adding the same requisites at the same moment store them once.
 */
export async function addPaymentMethod(db: Db, teamId: number, input: NewPaymentMethod): Promise<number> {
  const [row] = await db
    .insert(paymentMethods)
    .values({ teamId, ...input })
    .onConflictDoUpdate({
      target: [
        paymentMethods.teamId,
        paymentMethods.employeeId,
        paymentMethods.paymentMethodTypeId,
        paymentMethods.credentials,
      ],
      // A no-op update, so that RETURNING answers the existing row; its description stays as first given.
      set: { description: sql.raw('"payment_methods"."description"') },
    })
    .returning({ id: paymentMethods.id });
  if (!row) throw new Error('payment method upsert returned nothing');
  return row.id;
}

export async function deletePaymentMethod(db: Db, teamId: number, id: number) {
  const rows = await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.teamId, teamId), eq(paymentMethods.id, id)))
    .returning({ id: paymentMethods.id });
  return rows.length > 0;
}
