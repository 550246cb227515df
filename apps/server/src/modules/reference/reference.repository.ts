import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  advertisementFormats,
  advertisementTypes,
  channelRoleSalaryTypes,
  channelRoles,
  dealStatuses,
  paymentMethodTypes,
  salaryTypes,
} from '../../db/schema/index.js';

export const listRoles = (db: Db) => db.select().from(channelRoles).orderBy(asc(channelRoles.id));

export async function findRole(db: Db, id: number) {
  const [row] = await db.select().from(channelRoles).where(eq(channelRoles.id, id));
  return row;
}

export const listSalaryTypes = (db: Db) => db.select().from(salaryTypes).orderBy(asc(salaryTypes.id));

export const salaryTypesForRole = (db: Db, roleId: number) =>
  db
    .select({ id: salaryTypes.id, name: salaryTypes.name })
    .from(channelRoleSalaryTypes)
    .innerJoin(salaryTypes, eq(salaryTypes.id, channelRoleSalaryTypes.salaryTypeId))
    .where(eq(channelRoleSalaryTypes.roleId, roleId))
    .orderBy(asc(channelRoleSalaryTypes.position));

export async function roleAllowsSalaryType(db: Db, roleId: number, salaryTypeId: number) {
  const [row] = await db
    .select({ roleId: channelRoleSalaryTypes.roleId })
    .from(channelRoleSalaryTypes)
    .where(
      and(eq(channelRoleSalaryTypes.roleId, roleId), eq(channelRoleSalaryTypes.salaryTypeId, salaryTypeId)),
    );
  return row !== undefined;
}

export const listPaymentMethodTypes = (db: Db) =>
  db.select().from(paymentMethodTypes).orderBy(asc(paymentMethodTypes.id));

export async function findPaymentMethodType(db: Db, id: number) {
  const [row] = await db.select().from(paymentMethodTypes).where(eq(paymentMethodTypes.id, id));
  return row;
}

export const listDealStatuses = (db: Db) =>
  db
    .select({
      id: dealStatuses.id,
      name: dealStatuses.name,
      kind: dealStatuses.kind,
      paid: dealStatuses.paid,
      cancels: dealStatuses.cancels,
    })
    .from(dealStatuses)
    .orderBy(asc(dealStatuses.position));

export const listAdvertisementFormats = (db: Db) =>
  db.select().from(advertisementFormats).orderBy(asc(advertisementFormats.id));

export const listAdvertisementTypes = (db: Db) =>
  db.select().from(advertisementTypes).orderBy(asc(advertisementTypes.id));
