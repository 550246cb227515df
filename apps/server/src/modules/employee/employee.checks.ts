import { CHANNEL_NOT_FOUND, EMPLOYEE_NOT_FOUND } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { administers, seesPerson, visibleChannels } from '../access/index.js';
import { findChannel, findMember } from '../team/index.js';

// The checks every call about a person or their roles starts with: the person must be one the caller sees, the
// channel one whose people the caller manages.

/** A person of the team the caller sees (docs/decisions/024); anyone else answers 404, like another team's. */
export async function ensureEmployee(db: Db, caller: SessionCaller, id: number) {
  const employee = seesPerson(caller.access, id) ? await findMember(db, caller.teamId, id) : undefined;
  if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
  return employee;
}

/** A channel whose people the caller manages: its administrator or the owner (403 for a channel only seen). */
export async function ensureAdministeredChannel(db: Db, caller: SessionCaller, id: number) {
  const seen = visibleChannels(caller.access)?.includes(id) ?? true;
  if (!seen || !(await findChannel(db, caller.teamId, id))) throw notFound(CHANNEL_NOT_FOUND);
  if (!administers(caller.access, id))
    throw new AppError('FORBIDDEN', 'Людей канала назначает владелец команды или администратор канала');
}
