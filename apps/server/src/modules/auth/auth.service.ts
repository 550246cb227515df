import type { ProfileAccount } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { seedDemoTeam } from '../../db/seed.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../lib/caller.js';
import * as members from '../members/members.service.js';
import { recordReferral } from '../referral/referral.service.js';
import type { Member } from '../session/index.js';
import {
  changeTimeZone,
  createMaster,
  DEMO_PROVIDER,
  databaseKnowsTimeZone,
  type Profile,
} from '../team/index.js';
import type { Identity } from './auth.repository.js';
import * as repo from './auth.repository.js';
import type { TelegramUser } from './telegram-login.js';

class AccountRace extends Error {}

/** The accounts of Telegram sign-in: the subject is the person's Telegram user id. */
export const TELEGRAM_PROVIDER = 'telegram';

type SignInOptions = {
  ref?: string | undefined;
  timeZone?: string | undefined;
  /** An invitation's token: the person becomes that employee of that team, and works there. */
  invite?: string | undefined;
  populate?: (tx: Db, member: Caller) => Promise<void>;
};

/**
 * The person an identity signs in as, and the team they work in now (docs/decisions/024): an invitation binds them to
 * its employee; otherwise the team they worked in last, their own, or the first they joined. A person in no team (a
 * first sign-in without an invitation, or everyone removed them) gets a team of their own: the team, its master, the
 * referral (a friend's code), its zone and, for demo keys, the sample data. All of it is one transaction; two first
 * sign-ins at once end as one person.
 */
export async function signIn(db: Db, identity: Identity, profile: Profile, options: SignInOptions = {}) {
  try {
    return await db.transaction((tx) => enter(tx, identity, profile, options));
  } catch (error) {
    if (!(error instanceof AccountRace)) throw error;
    return db.transaction((tx) => enter(tx, identity, profile, options));
  }
}

async function enter(tx: Db, identity: Identity, profile: Profile, options: SignInOptions): Promise<Member> {
  let userId = await repo.findAccountUser(tx, identity);
  if (userId === undefined) {
    userId = await members.createUser(tx);
    if (!(await repo.insertAccount(tx, identity, userId))) throw new AccountRace();
  }
  if (options.invite) return members.acceptInvitation(tx, options.invite, userId);
  const home = await members.homeMembership(tx, userId);
  if (home) return home;
  const master = await createMaster(tx, profile);
  await members.bindEmployee(tx, master.teamId, master.employeeId, userId);
  await members.setLastTeam(tx, userId, master.teamId);
  await recordReferral(tx, options.ref, master);
  // A new team keeps the browser's zone when the database knows it, Moscow otherwise (decisions D5).
  if (options.timeZone && (await databaseKnowsTimeZone(tx, options.timeZone)))
    await changeTimeZone(tx, master.teamId, options.timeZone);
  await options.populate?.(tx, master);
  return { ...master, userId };
}

const DEMO_PROFILE: Profile = { firstName: 'Алексей', secondName: 'Смирнов', iconLink: null };

/**
 * Each demo key is its own team, created with realistic sample data the first time it is used. It takes no referral
 * code: anyone can make demo teams at will, so counting one as a friend would let anyone farm referral rewards.
 */
export const signInDemo = (db: Db, key: string, options: { timeZone?: string; invite?: string } = {}) =>
  signIn(db, { provider: DEMO_PROVIDER, subject: key }, DEMO_PROFILE, {
    ...options,
    populate: seedDemoTeam,
  });

/**
 * Sign-in with Telegram (the login widget or a Mini App): the account is the Telegram user id; the name and picture
 * start a new team's master, and the username fills the person's Telegram on their employee record where it is empty.
 */
export async function signInTelegram(
  db: Db,
  user: TelegramUser,
  options: Pick<SignInOptions, 'ref' | 'timeZone' | 'invite'> = {},
) {
  const profile: Profile = {
    firstName: user.firstName || (user.username ? `@${user.username}` : 'Telegram'),
    secondName: user.lastName,
    iconLink: user.photoUrl?.startsWith('https://') ? user.photoUrl : null,
  };
  const member = await signIn(db, { provider: TELEGRAM_PROVIDER, subject: user.id }, profile, options);
  if (user.username) await members.fillTelegramUsername(db, member, user.username);
  return member;
}

/**
 * Makes an identity one more way into a signed-in person's profile (from /profile): 'taken' when it already signs
 * someone else in (one person is one account whichever door they use; merging two profiles is not done here).
 */
export async function linkAccount(db: Db, identity: Identity, userId: number): Promise<'linked' | 'taken'> {
  return db.transaction(async (tx) => {
    const owner = await repo.findAccountUser(tx, identity);
    if (owner !== undefined) return owner === userId ? 'linked' : 'taken';
    return (await repo.insertAccount(tx, identity, userId)) ? 'linked' : 'taken';
  });
}

/** The ways into the caller's profile, oldest first, one line per door. */
export async function listAccounts(db: Db, userId: number) {
  const rows = await repo.accountsOf(db, userId);
  const seen = new Set<string>();
  return rows.flatMap((row) => {
    if (seen.has(row.provider)) return [];
    seen.add(row.provider);
    return [{ provider: row.provider as ProfileAccount['provider'], since: row.since.toISOString() }];
  });
}

/** Takes a door off the caller's profile; the last one is refused, so the person can still come in. */
export async function unlinkAccount(db: Db, userId: number, provider: string) {
  await db.transaction(async (tx) => {
    const rows = await repo.accountsOf(tx, userId, true);
    if (!rows.some((row) => row.provider === provider)) throw notFound('Этот способ входа не привязан');
    if (rows.every((row) => row.provider === provider)) {
      throw new AppError(
        'CONFLICT',
        'Это единственный способ входа: сначала привяжите другой, потом отвяжите этот',
      );
    }
    await repo.deleteAccounts(tx, userId, provider);
  });
}
