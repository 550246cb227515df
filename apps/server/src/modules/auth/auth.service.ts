import type { Db } from '../../db/client.js';
import { seedDemoTeam } from '../../db/seed.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { createMaster, type Profile } from '../employee/employee.repository.js';
import { changeTimeZone, databaseKnowsTimeZone } from '../profile/profile.repository.js';
import { recordReferral } from '../referral/referral.service.js';
import type { Identity, Member } from './auth.repository.js';
import * as repo from './auth.repository.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

class AccountRace extends Error {}

/**
 * Finds the master an identity signs in as, or creates their team on first sign-in. Creating the team, the master,
 * the identity, the referral (a friend's code), the team's zone and, for demo keys, the sample data is one transaction; two first
 * sign-ins at once end as one team.
 */
export async function signIn(
  db: Db,
  identity: Identity,
  profile: Profile,
  options: {
    ref?: string | undefined;
    timeZone?: string | undefined;
    populate?: (tx: Db, member: Member) => Promise<void>;
  } = {},
): Promise<Member> {
  const existing = await repo.findAccount(db, identity);
  if (existing) return existing;
  try {
    return await db.transaction(async (tx) => {
      const member = await createMaster(tx, profile);
      if (!(await repo.insertAccount(tx, identity, member))) throw new AccountRace();
      await recordReferral(tx, options.ref, member);
      // A new team keeps the browser's zone when the database knows it, Moscow otherwise (decisions D5).
      if (options.timeZone && (await databaseKnowsTimeZone(tx, options.timeZone)))
        await changeTimeZone(tx, member.teamId, options.timeZone);
      await options.populate?.(tx, member);
      return member;
    });
  } catch (error) {
    if (!(error instanceof AccountRace)) throw error;
    const winner = await repo.findAccount(db, identity);
    if (!winner) throw error;
    return winner;
  }
}

const DEMO_PROFILE: Profile = { firstName: 'Алексей', secondName: 'Смирнов', iconLink: null };

/**
 * Each demo key is its own team, created with realistic sample data the first time it is used. It takes no referral
 * code: anyone can make demo teams at will, so counting one as a friend would let anyone farm referral rewards.
 */
export const signInDemo = (db: Db, key: string, timeZone?: string) =>
  signIn(db, { provider: repo.DEMO_PROVIDER, subject: key }, DEMO_PROFILE, {
    timeZone,
    populate: seedDemoTeam,
  });

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
  const { teamId, employeeId, timeZone, dataVersion } = session;
  return { teamId, employeeId, timeZone, dataVersion, renewed };
}

export const endSession = (db: Db, token: string) => repo.deleteSession(db, sha256(token));
