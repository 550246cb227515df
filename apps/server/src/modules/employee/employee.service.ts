import {
  CHANNEL_NOT_FOUND,
  EMPLOYEE_NOT_FOUND,
  type PageQuery,
  PERCENT_SALARY_TYPES,
  splitName,
  USER_NOT_FOUND,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { once } from '../../db/idempotency.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { decodeCursor, idCursor, toPage } from '../../lib/cursor.js';
import { administers, seesPerson, seesPrivate, visibleChannels, visiblePeople } from '../access/index.js';
import { changedFields, recordEvent } from '../history/history.service.js';
import { addPaymentMethod } from '../payment-method/payment-method.service.js';
import { checkPaymentMethodType, checkRoleTerms } from '../reference/reference.service.js';
import { findChannel, findMember, findTimeZone } from '../team/index.js';
import type { TelegramClient } from '../telegram/index.js';
import * as repo from './employee.repository.js';

/** A person of the team the caller sees (docs/decisions/024); anyone else answers 404, like another team's. */
async function ensureEmployee(db: Db, caller: SessionCaller, id: number) {
  const employee = seesPerson(caller.access, id) ? await findMember(db, caller.teamId, id) : undefined;
  if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
  return employee;
}

/** A channel whose people the caller manages: its administrator or the owner (403 for a channel only seen). */
async function ensureAdministeredChannel(db: Db, caller: SessionCaller, id: number) {
  const seen = visibleChannels(caller.access)?.includes(id) ?? true;
  if (!seen || !(await findChannel(db, caller.teamId, id))) throw notFound(CHANNEL_NOT_FOUND);
  if (!administers(caller.access, id))
    throw new AppError('FORBIDDEN', 'Людей канала назначает владелец команды или администратор канала');
}

/** The caller, with the team's zone: the web shows every date in it from the first screen on. */
export async function getCurrentUser(db: Db, caller: SessionCaller) {
  return {
    ...(await ensureEmployee(db, caller, caller.employeeId)),
    timeZone: await findTimeZone(db, caller.teamId),
  };
}

export async function getEmployee(db: Db, caller: SessionCaller, id: number) {
  return { ...(await ensureEmployee(db, caller, id)), employeeId: id };
}

export async function listSubordinates(db: Db, caller: SessionCaller, managerId: number, query: PageQuery) {
  await ensureEmployee(db, caller, managerId);
  const after = decodeCursor(query.cursor, idCursor);
  const { rows, total } = await repo.listSubordinates(db, caller.teamId, managerId, {
    limit: query.limit,
    afterId: after?.[0],
  });
  return {
    ...toPage(
      rows,
      query.limit,
      (row) => ({ ...row, employeeId: row.id }),
      (row) => [row.id],
    ),
    total,
  };
}

/** The team, each with the channels they work on. */
export async function listTeam(db: Db, caller: SessionCaller, query: PageQuery) {
  const after = decodeCursor(query.cursor, idCursor);
  const { rows, total } = await repo.listTeam(db, caller.teamId, visiblePeople(caller.access), {
    limit: query.limit,
    afterId: after?.[0],
  });
  const page = toPage(
    rows,
    query.limit,
    (row) => row,
    (row) => [row.id],
  );
  const channels = await repo.channelsOf(
    db,
    caller.teamId,
    page.items.map((e) => e.id),
  );
  return {
    ...page,
    items: page.items.map((e) => ({
      ...e,
      employeeId: e.id,
      channels: channels.filter((c) => c.employeeId === e.id).map(({ employeeId: _, ...c }) => c),
    })),
    total,
  };
}

/**
 * Renames a member of the caller's team (the profile edits the caller's own names). A stale version means someone
 * else saved in between: 409, and the client reloads what is there now.
 */
export async function renameEmployee(
  db: Db,
  caller: SessionCaller,
  id: number,
  input: { firstName: string; secondName: string; version: number },
) {
  await ensureEmployee(db, caller, id);
  if (!caller.access.owner && id !== caller.employeeId)
    throw new AppError('FORBIDDEN', 'Изменить имя сотрудника может только владелец команды');
  const { version, ...names } = input;
  return db.transaction(async (tx) => {
    const before = await ensureEmployee(tx, caller, id);
    const updated = await repo.updateNames(tx, caller.teamId, id, names, version);
    if (!updated) throw new AppError('VERSION_CONFLICT');
    const changes = changedFields(
      { firstName: before.firstName, secondName: before.secondName },
      { firstName: updated.firstName, secondName: updated.secondName },
    );
    if (changes.length > 0)
      await recordEvent(tx, caller, { entity: 'employee', entityId: id, action: 'update', changes });
    return updated;
  });
}

/**
 * DELETE /api/employee/{id} (decisions 017): the person leaves the team and every list of it, their roles on channels
 * end, the people under them move to their manager, and their past deals keep their name. The master and the caller
 * stay; the master removes anyone else, an employee only the people below them.
 */
export async function removeEmployee(db: Db, caller: SessionCaller, id: number) {
  await db.transaction(async (tx) => {
    await repo.lockTeamTree(tx, caller.teamId);
    const person = await ensureEmployee(tx, caller, id);
    if (id === caller.employeeId)
      throw new AppError('VALIDATION_ERROR', 'Нельзя удалить из команды самого себя');
    if (person.managerId === null)
      throw new AppError('VALIDATION_ERROR', 'Владельца команды нельзя удалить из команды');
    if (!caller.access.owner && !(await repo.isBelow(tx, caller.teamId, id, caller.employeeId)))
      throw new AppError('FORBIDDEN', 'Удалить из команды можно только своих сотрудников');
    await repo.removeFromTeam(tx, caller.teamId, { id, managerId: person.managerId });
    await recordEvent(tx, caller, { entity: 'employee', entityId: id, action: 'delete' });
  });
}

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

/** A person leaves the team of their own accord (deleting their profile): as a removal, in the caller's transaction. */
export async function leaveTeam(tx: Db, teamId: number, employeeId: number) {
  await repo.lockTeamTree(tx, teamId);
  const person = await findMember(tx, teamId, employeeId);
  if (person?.managerId == null) return;
  await repo.removeFromTeam(tx, teamId, { id: employeeId, managerId: person.managerId });
}

export async function searchInTelegram(telegram: TelegramClient, username: string) {
  const user = await telegram.lookup(username);
  if (!user) throw notFound(USER_NOT_FOUND);
  return { userId: user.chatId, name: user.name, imageLink: user.imageLink, telegramNickName: user.username };
}

/**
 * The person's Telegram picture, when Telegram answers; a new employee is added without one otherwise. Asked before
 * any transaction: no lock is held while waiting on the network (PGlite runs one transaction at a time).
 */
export const telegramIcon = async (telegram: TelegramClient, nick: string | undefined) =>
  nick ? ((await telegram.lookup(nick).catch(() => null))?.imageLink ?? null) : null;

export async function createEmployee(
  db: Db,
  caller: SessionCaller,
  iconLink: string | null,
  input: {
    firstName: string;
    secondName: string;
    managerId?: number | undefined;
    channelId?: number | undefined;
    employeeTelegramInfo?: { telegramNickName?: string | undefined } | undefined;
  },
) {
  const managerId = input.managerId ?? caller.employeeId;
  await ensureEmployee(db, caller, managerId);
  if (input.channelId !== undefined) await ensureAdministeredChannel(db, caller, input.channelId);
  const nick = input.employeeTelegramInfo?.telegramNickName;
  const id = await repo.insertEmployee(db, caller.teamId, {
    firstName: input.firstName,
    secondName: input.secondName,
    managerId,
    telegramNickName: nick ?? null,
    iconLink,
  });
  await recordEvent(db, caller, {
    entity: 'employee',
    entityId: id,
    action: 'create',
    changes: changedFields({}, { firstName: input.firstName, secondName: input.secondName }),
  });
  return { id };
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
