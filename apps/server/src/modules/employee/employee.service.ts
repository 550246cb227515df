import type { PageQuery } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { decodeCursor, idCursor, toPage } from '../../lib/cursor.js';
import type { Caller } from '../../plugins/session.js';
import * as repo from './employee.repository.js';

export async function getCurrentUser(db: Db, caller: Caller) {
  const me = await repo.findEmployee(db, caller.teamId, caller.employeeId);
  if (!me) throw notFound();
  return me;
}

export async function listSubordinates(db: Db, caller: Caller, managerId: number, query: PageQuery) {
  if (!(await repo.findEmployee(db, caller.teamId, managerId))) throw notFound('Сотрудник не найден');
  const after = decodeCursor(query.cursor, idCursor);
  const { rows, total } = await repo.listSubordinates(db, caller.teamId, managerId, {
    limit: query.limit,
    afterId: after?.[0],
  });
  const page = toPage(
    rows,
    query.limit,
    (row) => ({ ...row, employeeId: row.id }),
    (row) => [row.id],
  );
  return { ...page, total };
}

/**
 * Renames a member of the caller's team (the profile edits the caller's own names). A stale version means someone
 * else saved in between: 409, and the client reloads what is there now.
 */
export async function renameEmployee(
  db: Db,
  caller: Caller,
  id: number,
  input: { firstName: string; secondName: string; version: number },
) {
  const { version, ...names } = input;
  const updated = await repo.updateNames(db, caller.teamId, id, names, version);
  if (updated) return updated;
  if (!(await repo.findEmployee(db, caller.teamId, id))) throw notFound('Сотрудник не найден');
  throw new AppError('VERSION_CONFLICT');
}
