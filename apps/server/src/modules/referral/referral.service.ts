import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { qrSvg } from '../../lib/qr.js';
import { isDemoTeam } from '../team/index.js';
import * as repo from './referral.repository.js';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const newCode = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** The caller's code, made on first use; a code already taken (about 1 in 10^11 per pair) is drawn again. */
async function codeOf(db: Db, caller: Caller): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await repo.findCodeOf(db, caller);
    if (existing) return existing;
    await repo.insertCode(db, newCode(), caller);
  }
  throw new Error('no free referral code after 5 draws');
}

export const referralLink = (publicUrl: string, code: string) => `${publicUrl}/auth?ref=${code}`;

export async function getReferral(db: Db, caller: Caller, publicUrl: string) {
  const code = await codeOf(db, caller);
  return { code, link: referralLink(publicUrl, code), ...(await repo.countReferrals(db, caller)) };
}

export async function referralQrSvg(db: Db, caller: Caller, publicUrl: string) {
  return qrSvg(referralLink(publicUrl, await codeOf(db, caller)));
}

/**
 * Records who brought a new account; unknown codes, one's own team and a demo team's code are ignored (the sign-in
 * goes on). A demo team still shows its link, so the demo looks like the product, but it is not a person to reward.
 */
export async function recordReferral(db: Db, code: string | undefined, newMember: Caller) {
  if (!code) return;
  const referrer = await repo.findCodeOwner(db, code);
  if (!referrer || referrer.teamId === newMember.teamId || (await isDemoTeam(db, referrer.teamId))) return;
  await repo.insertReferral(db, referrer, newMember.teamId);
}

/** The referrer owed a reward for this team's first paid tariff, marked paid as it is read (the tariff's write). */
export const takeUnpaidReferral = repo.takeUnpaidReferral;
