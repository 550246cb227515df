import type { DealKind } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../lib/app-error.js';
import * as repo from './reference.repository.js';

export const listRoles = (db: Db) => repo.listRoles(db);
export const listSalaryTypes = (db: Db) => repo.listSalaryTypes(db);
export const listPaymentMethodTypes = (db: Db) => repo.listPaymentMethodTypes(db);

export async function getRole(db: Db, id: number) {
  const role = await repo.findRole(db, id);
  if (!role) throw notFound('Роль не найдена');
  return role;
}

export async function salaryTypesForRole(db: Db, roleId: number) {
  await getRole(db, roleId);
  return repo.salaryTypesForRole(db, roleId);
}

/** A role and, when given, a salary type that fits it; unknown ids are the client's mistake (400), not a missing page. */
export async function checkRoleTerms(
  db: Db,
  roleId: number,
  salaryTypeId: number | undefined,
  fields = { role: 'roleId', salary: 'salaryTypeId' },
) {
  if (!(await repo.findRole(db, roleId))) throw invalid(fields.role, 'Выберите роль из списка');
  if (salaryTypeId !== undefined && !(await repo.roleAllowsSalaryType(db, roleId, salaryTypeId))) {
    throw invalid(fields.salary, 'Этот тип оплаты не подходит для роли');
  }
}

export async function checkPaymentMethodType(db: Db, id: number, field = 'paymentMethodTypeId') {
  if (!(await repo.findPaymentMethodType(db, id))) throw invalid(field, 'Выберите способ оплаты из списка');
}

type Named = { id: number; name: string };

export type DealReferences = {
  statuses: Record<DealKind, Named[]>;
  formats: Named[];
  types: Named[];
  names: { status: Map<number, string>; format: Map<number, Named>; type: Map<number, Named> };
  /**
   * Per kind, the status a full payment moves a deal to ('Оплачена': `deal_statuses.paid`) and the statuses before
   * it in the list's order, the ones that move; none when the kind has no such status.
   */
  paid: Record<DealKind, { status: Named; before: Set<number> } | undefined>;
  /** The statuses that cancel a deal ('Отменена' of either kind: `deal_statuses.cancels`). */
  cancelling: Set<number>;
};

async function loadDealReferences(db: Db): Promise<DealReferences> {
  // One after another: the first call may come inside a transaction, whose one connection runs one query at a time.
  const statuses = await repo.listDealStatuses(db);
  const formats = await repo.listAdvertisementFormats(db);
  const types = await repo.listAdvertisementTypes(db);
  const ofKind = (kind: DealKind) =>
    statuses.filter((s) => s.kind === kind).map(({ id, name }) => ({ id, name }));
  const paidOf = (kind: DealKind) => {
    const list = statuses.filter((s) => s.kind === kind);
    const at = list.findIndex((s) => s.paid);
    const paid = list[at];
    return (
      paid && {
        status: { id: paid.id, name: paid.name },
        before: new Set(list.slice(0, at).map((s) => s.id)),
      }
    );
  };
  return {
    statuses: { sale: ofKind('sale'), purchase: ofKind('purchase') },
    paid: { sale: paidOf('sale'), purchase: paidOf('purchase') },
    cancelling: new Set(statuses.filter((s) => s.cancels).map((s) => s.id)),
    formats,
    types,
    names: {
      status: new Map(statuses.map((s) => [s.id, s.name])),
      format: new Map(formats.map((f) => [f.id, f])),
      type: new Map(types.map((t) => [t.id, t])),
    },
  };
}

let dealReferencesOnce: Promise<DealReferences> | undefined;

/**
 * Deal statuses, advertisement formats and types: reference data with fixed ids that only migrations write (they
 * run before the server listens), so the process reads it once instead of on every row of every page.
 */
export function dealReferences(db: Db): Promise<DealReferences> {
  dealReferencesOnce ??= loadDealReferences(db).catch((error: unknown) => {
    dealReferencesOnce = undefined;
    throw error;
  });
  return dealReferencesOnce;
}

export const listDealStatuses = async (db: Db, kind: DealKind) => (await dealReferences(db)).statuses[kind];
export const listAdvertisementFormats = async (db: Db) => (await dealReferences(db)).formats;
export const listAdvertisementTypes = async (db: Db) => (await dealReferences(db)).types;
