import { EMPLOYEE_NOT_FOUND } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller, SessionCaller } from '../../lib/caller.js';
import { seesPerson, seesPrivate } from '../access/index.js';
import { checkPaymentMethodType } from '../reference/reference.service.js';
import { findEmployee } from '../team/index.js';
import * as repo from './payment-method.repository.js';

const NOT_FOUND = 'Реквизиты не найдены';

/**
 * Requisites are the person's own and the owner's business (docs/decisions/024): someone the caller sees but whose
 * requisites are not theirs to read answers 403; someone they do not see, 404.
 */
function checkPrivate(caller: SessionCaller, employeeId: number) {
  if (!seesPerson(caller.access, employeeId)) throw notFound(EMPLOYEE_NOT_FOUND);
  if (!seesPrivate(caller.access, employeeId))
    throw new AppError('FORBIDDEN', 'Реквизиты сотрудника видят только он сам и владелец команды');
}

async function ensureEmployee(db: Db, caller: Caller, employeeId: number) {
  if (!(await findEmployee(db, caller.teamId, employeeId))) throw notFound(EMPLOYEE_NOT_FOUND);
}

export async function listPaymentMethods(db: Db, caller: SessionCaller, employeeId: number) {
  checkPrivate(caller, employeeId);
  await ensureEmployee(db, caller, employeeId);
  return repo.listByEmployee(db, caller.teamId, employeeId);
}

export async function getPaymentMethod(db: Db, caller: SessionCaller, id: number) {
  const method = await repo.findPaymentMethod(db, caller.teamId, id);
  if (!method || !seesPerson(caller.access, method.employeeId)) throw notFound(NOT_FOUND);
  checkPrivate(caller, method.employeeId);
  return method;
}

/**
 * Checks and adds requisites, in the transaction it is given. The add-employee flow runs it in its own, for a person
 * it has just placed on a channel the caller administers (checked there).
 */
export async function addPaymentMethod(db: Db, caller: Caller, input: repo.NewPaymentMethod) {
  await ensureEmployee(db, caller, input.employeeId);
  await checkPaymentMethodType(db, input.paymentMethodTypeId);
  return repo.addPaymentMethod(db, caller.teamId, input);
}

export async function createPaymentMethod(db: Db, caller: SessionCaller, input: repo.NewPaymentMethod) {
  checkPrivate(caller, input.employeeId);
  const id = await db.transaction((tx) => addPaymentMethod(tx, caller, input));
  return getPaymentMethod(db, caller, id);
}

export async function deletePaymentMethod(db: Db, caller: SessionCaller, id: number) {
  await getPaymentMethod(db, caller, id);
  if (!(await repo.deletePaymentMethod(db, caller.teamId, id))) throw notFound(NOT_FOUND);
}

/** Whether these requisites are this person's (a payout names the requisites it went to). */
export async function isPaymentMethodOf(db: Db, teamId: number, employeeId: number, id: number) {
  return (await repo.findPaymentMethod(db, teamId, id))?.employeeId === employeeId;
}
