import type { Db } from '../../db/client.js';
import { boundedCache } from '../../lib/bounded-cache.js';
import { type Access, ownerAccess } from './access.js';
import { loadMemberAccess } from './access.repository.js';

/**
 * Members' access per database, by team, data version and person: a change of a role, a manager or a channel raises
 * the team's version (docs/decisions/020), so the next request reads it afresh; until then it costs no query. The
 * owner's needs no lookup at all.
 */
const caches = new WeakMap<Db, ReturnType<typeof boundedCache<Access>>>();

export function accessOf(
  db: Db,
  session: { teamId: number; employeeId: number; owner: boolean; dataVersion: number },
): Promise<Access> | Access {
  if (session.owner) return ownerAccess(session.employeeId);
  let cached = caches.get(db);
  if (!cached) {
    cached = boundedCache(
      100_000,
      (access) =>
        16 + access.people.length + access.colleagues.length + Object.values(access.channels).flat().length,
    );
    caches.set(db, cached);
  }
  return cached(`${session.teamId}\n${session.dataVersion}\n${session.employeeId}`, () =>
    loadMemberAccess(db, session.teamId, session.employeeId),
  );
}

/** The access of a person outside a request (their calendar feed, the bot): read afresh, not kept. */
export const accessOfEmployee = async (
  db: Db,
  person: { teamId: number; employeeId: number; owner: boolean },
) => (person.owner ? ownerAccess(person.employeeId) : loadMemberAccess(db, person.teamId, person.employeeId));
