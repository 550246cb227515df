import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import * as repo from './reference.repository.js';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { [field]: [message] });

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
