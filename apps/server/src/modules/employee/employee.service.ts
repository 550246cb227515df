import { type PageQuery, USER_NOT_FOUND } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { decodeCursor, idCursor, toPage } from '../../lib/cursor.js';
import { visiblePeople } from '../access/index.js';
import { changedFields, recordEvent } from '../history/history.service.js';
import { findMember } from '../team/index.js';
import type { TelegramClient } from '../telegram/index.js';
import { ensureAdministeredChannel, ensureEmployee } from './employee.checks.js';
import * as repo from './employee.repository.js';

// A person of the team: who they are, who they report to, joining and leaving; their roles on channels are
// employee-role.service.ts.

/** The caller, with the team's zone: the web shows every date in it from the first screen on. */
export async function getCurrentUser(db: Db, caller: SessionCaller) {
  return {
    ...(await ensureEmployee(db, caller, caller.employeeId)),
    timeZone: caller.timeZone,
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
