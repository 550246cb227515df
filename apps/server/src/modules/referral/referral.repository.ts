import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { referralCodes, referrals } from '../../db/schema/index.js';

type Member = { teamId: number; employeeId: number };

export async function findCodeOf(db: Db, member: Member) {
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(and(eq(referralCodes.teamId, member.teamId), eq(referralCodes.employeeId, member.employeeId)));
  return row?.code;
}

/** Inserts the code unless it is taken; answers whether it was. */
export async function insertCode(db: Db, code: string, member: Member) {
  const rows = await db
    .insert(referralCodes)
    .values({ code, ...member })
    .onConflictDoNothing()
    .returning({ code: referralCodes.code });
  return rows.length > 0;
}

export async function findCodeOwner(db: Db, code: string): Promise<Member | undefined> {
  const [row] = await db
    .select({ teamId: referralCodes.teamId, employeeId: referralCodes.employeeId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code.toLowerCase()));
  return row;
}

export async function insertReferral(db: Db, referrer: Member, friendTeamId: number) {
  await db
    .insert(referrals)
    .values({ teamId: referrer.teamId, referrerEmployeeId: referrer.employeeId, friendTeamId })
    .onConflictDoNothing();
}

/** The referrer owed a reward for this friend's first paid tariff, marked paid in the same statement. */
export async function takeUnpaidReferral(db: Db, friendTeamId: number): Promise<Member | undefined> {
  const [row] = await db
    .update(referrals)
    .set({ rewardedAt: new Date() })
    .where(and(eq(referrals.friendTeamId, friendTeamId), isNull(referrals.rewardedAt)))
    .returning({ teamId: referrals.teamId, employeeId: referrals.referrerEmployeeId });
  return row;
}

export async function countReferrals(db: Db, referrer: Member) {
  const scope = and(
    eq(referrals.teamId, referrer.teamId),
    eq(referrals.referrerEmployeeId, referrer.employeeId),
  );
  const [[invited], [rewarded]] = await Promise.all([
    db.select({ value: count() }).from(referrals).where(scope),
    db
      .select({ value: count() })
      .from(referrals)
      .where(and(scope, isNotNull(referrals.rewardedAt))),
  ]);
  return { invited: invited?.value ?? 0, rewarded: rewarded?.value ?? 0 };
}
