import { EMPLOYEE_NOT_FOUND } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { Caller } from '../../lib/caller.js';
import { findEmployee } from '../employee/employee.repository.js';
import { checkPaymentMethodType } from '../reference/reference.service.js';
import * as repo from './payment-method.repository.js';

const NOT_FOUND = 'Реквизиты не найдены';

async function ensureEmployee(db: Db, caller: Caller, employeeId: number) {
  if (!(await findEmployee(db, caller.teamId, employeeId))) throw notFound(EMPLOYEE_NOT_FOUND);
}

export async function listPaymentMethods(db: Db, caller: Caller, employeeId: number) {
  await ensureEmployee(db, caller, employeeId);
  return repo.listByEmployee(db, caller.teamId, employeeId);
}

export async function getPaymentMethod(db: Db, caller: Caller, id: number) {
  const method = await repo.findPaymentMethod(db, caller.teamId, id);
  if (!method) throw notFound(NOT_FOUND);
  return method;
}

/** Checks and adds requisites, in the transaction it is given (the add-employee flow runs it in its own). */
export async function addPaymentMethod(db: Db, caller: Caller, input: repo.NewPaymentMethod) {
  await ensureEmployee(db, caller, input.employeeId);
  await checkPaymentMethodType(db, input.paymentMethodTypeId);
  return repo.addPaymentMethod(db, caller.teamId, input);
}

export async function createPaymentMethod(db: Db, caller: Caller, input: repo.NewPaymentMethod) {
  const id = await db.transaction((tx) => addPaymentMethod(tx, caller, input));
  return getPaymentMethod(db, caller, id);
}

export async function deletePaymentMethod(db: Db, caller: Caller, id: number) {
  if (!(await repo.deletePaymentMethod(db, caller.teamId, id))) throw notFound(NOT_FOUND);
}
