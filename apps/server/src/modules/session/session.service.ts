import type { Db } from '../../db/client.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { Member } from './session.repository.js';
import * as repo from './session.repository.js';

export type { Member };

/** How long a session lives without use; one used past half of it is extended. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export async function startSession(db: Db, member: Member): Promise<string> {
  const token = randomToken();
  await repo.insertSession(db, sha256(token), member, new Date(Date.now() + SESSION_TTL_MS));
  return token;
}

/**
 * A live session's caller with its team's time zone and data version; a session past half its life is extended, so
 * active users stay signed in.
 */
export async function resolveSession(db: Db, token: string) {
  const hash = sha256(token);
  const now = new Date();
  const session = await repo.findLiveSession(db, hash, now);
  if (!session) return undefined;
  const renewed = session.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS / 2;
  if (renewed) await repo.extendSession(db, hash, new Date(now.getTime() + SESSION_TTL_MS));
  return { ...session, renewed };
}

/** Moves the session to another team of its person (the switcher). */
export const moveSession = (db: Db, token: string, member: Member) =>
  repo.switchSession(db, sha256(token), member);

export const endSession = (db: Db, token: string) => repo.deleteSession(db, sha256(token));
