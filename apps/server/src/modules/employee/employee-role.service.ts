import { EMPLOYEE_NOT_FOUND, PERCENT_SALARY_TYPES, splitName } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { once } from '../../db/idempotency.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { seesPrivate } from '../access/index.js';
import { changedFields, recordEvent } from '../history/history.service.js';
import { addPaymentMethod } from '../payment-method/payment-method.service.js';
import { checkPaymentMethodType, checkRoleTerms } from '../reference/reference.service.js';
import type { TelegramClient } from '../telegram/index.js';
import { ensureAdministeredChannel, ensureEmployee } from './employee.checks.js';
import * as repo from './employee.repository.js';
import { telegramIcon } from './employee.service.js';

// A person's roles on the team's channels, each with its pay terms, and the add-employee flow that gives the first
// one; the person themselves is employee.service.ts.

/** A rate as stored (numeric text); a percent above 100 is refused before anything is written. */
function rateOf(salaryTypeId: number | undefined, rate: number | undefined) {
  if (rate === undefined) return null;
  if (salaryTypeId !== undefined && PERCENT_SALARY_TYPES.includes(salaryTypeId) && rate > 100) {
    const message = 'Процент не может быть больше 100';
    throw new AppError('VALIDATION_ERROR', message, { rate: [message] });
  }
  return rate.toFixed(2);
}

/** A role given or taken on a channel, in the history of the person (docs/decisions/025). */
async function recordAssignment(
  tx: Db,
  caller: SessionCaller,
  employeeId: number,
  action: 'assign' | 'unassign',
  channelId: number,
  roleId: number,
) {
  await recordEvent(tx, caller, {
    entity: 'employee',
    entityId: employeeId,
    action,
    changes: [
      { field: 'channelId', from: null, to: channelId },
      { field: 'roleId', from: null, to: roleId },
    ],
  });
}

/**
 * Holds the person until the transaction ends (repo.lockMember): a removal in flight either ends before, and the
 * person is not found, as one never in the team, or waits and ends the role this transaction gives.
 */
async function holdMember(tx: Db, teamId: number, employeeId: number) {
  if (!(await repo.lockMember(tx, teamId, employeeId))) throw notFound(EMPLOYEE_NOT_FOUND);
}

/**
 * The person's channels and roles; their pay terms only to the owner and to themselves (docs/decisions/024): an
 * administrator sees who works on their channel in which role, not what they are paid.
 */
export async function listAssignedChannels(db: Db, caller: SessionCaller, employeeId: number) {
  await ensureEmployee(db, caller, employeeId);
  const rows = await repo.listAssignments(db, caller.teamId, employeeId);
  if (seesPrivate(caller.access, employeeId)) return rows;
  return rows.map((row) => ({
    ...row,
    salaryTypeId: null,
    salaryTypeName: null,
    rate: null,
    conditions: '',
  }));
}

export async function assignOnChannel(
  db: Db,
  caller: SessionCaller,
  employeeId: number,
  input: {
    channelId: number;
    employeeChannelRoleId: number;
    salaryTypeId?: number | undefined;
    rate?: number | undefined;
    conditions: string;
  },
) {
  await ensureEmployee(db, caller, employeeId);
  await ensureAdministeredChannel(db, caller, input.channelId);
  await checkRoleTerms(db, input.employeeChannelRoleId, input.salaryTypeId, {
    role: 'employeeChannelRoleId',
    salary: 'salaryTypeId',
  });
  await db.transaction(async (tx) => {
    await holdMember(tx, caller.teamId, employeeId);
    await repo.upsertAssignment(tx, caller.teamId, {
      channelId: input.channelId,
      employeeId,
      roleId: input.employeeChannelRoleId,
      salaryTypeId: input.salaryTypeId ?? null,
      rate: rateOf(input.salaryTypeId, input.rate),
      conditions: input.conditions,
    });
    await recordAssignment(tx, caller, employeeId, 'assign', input.channelId, input.employeeChannelRoleId);
  });
  return listAssignedChannels(db, caller, employeeId);
}

export async function removeAssignment(
  db: Db,
  caller: SessionCaller,
  employeeId: number,
  input: { channelId: number; employeeChannelRoleId: number },
) {
  await ensureEmployee(db, caller, employeeId);
  await ensureAdministeredChannel(db, caller, input.channelId);
  await db.transaction(async (tx) => {
    await repo.deleteAssignment(tx, caller.teamId, {
      channelId: input.channelId,
      employeeId,
      roleId: input.employeeChannelRoleId,
    });
    await recordAssignment(tx, caller, employeeId, 'unassign', input.channelId, input.employeeChannelRoleId);
  });
  return listAssignedChannels(db, caller, employeeId);
}

type AddToChannel = {
  requestId: string;
  employee: { id: number } | { name: string; telegramNickName?: string | undefined };
  roleId: number;
  salaryTypeId: number;
  rate?: number | undefined;
  conditions: string;
  paymentMethod: { paymentMethodTypeId: number; credentials: string; description: string };
};

/**
 * The add-employee flow of spec §2.10 as one transaction: a new person (or a team member), the role on the channel
 * with its pay terms, and the requisites. Nothing is left half-added, and a repeated press (same requestId) answers
 * the first result instead of adding the person twice.
 */
export async function addToChannel(
  db: Db,
  telegram: TelegramClient,
  caller: SessionCaller,
  channelId: number,
  input: AddToChannel,
) {
  await ensureAdministeredChannel(db, caller, channelId);
  await checkRoleTerms(db, input.roleId, input.salaryTypeId);
  await checkPaymentMethodType(
    db,
    input.paymentMethod.paymentMethodTypeId,
    'paymentMethod.paymentMethodTypeId',
  );
  if ('id' in input.employee) await ensureEmployee(db, caller, input.employee.id);
  // Telegram is asked before the transaction: no lock is held while waiting on the network.
  const icon =
    'name' in input.employee ? await telegramIcon(telegram, input.employee.telegramNickName) : null;

  const key = `channel-employee:${input.requestId}`;
  const { body } = await once(db, caller.teamId, key, { channelId, input }, async (tx) => {
    if ('id' in input.employee) await holdMember(tx, caller.teamId, input.employee.id);
    const employeeId =
      'id' in input.employee
        ? input.employee.id
        : await repo.insertEmployee(tx, caller.teamId, {
            ...splitName(input.employee.name),
            managerId: caller.employeeId,
            telegramNickName: input.employee.telegramNickName ?? null,
            iconLink: icon,
          });
    await repo.upsertAssignment(tx, caller.teamId, {
      channelId,
      employeeId,
      roleId: input.roleId,
      salaryTypeId: input.salaryTypeId,
      rate: rateOf(input.salaryTypeId, input.rate),
      conditions: input.conditions,
    });
    if ('name' in input.employee)
      await recordEvent(tx, caller, {
        entity: 'employee',
        entityId: employeeId,
        action: 'create',
        changes: changedFields({}, splitName(input.employee.name)),
      });
    await recordAssignment(tx, caller, employeeId, 'assign', channelId, input.roleId);
    await addPaymentMethod(tx, caller, { employeeId, ...input.paymentMethod });
    return { status: 201, body: { employeeId } };
  });
  return body;
}
