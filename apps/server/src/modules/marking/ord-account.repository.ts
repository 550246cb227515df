import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teamOrd } from '../../db/schema/index.js';

export async function findTeamOrd(db: Db, teamId: number) {
  const [row] = await db
    .select({ provider: teamOrd.provider, sandbox: teamOrd.sandbox, apiKeySealed: teamOrd.apiKeySealed })
    .from(teamOrd)
    .where(eq(teamOrd.teamId, teamId));
  return row;
}

/** Saves the account; an undefined sealed key keeps the saved one. */
export async function saveTeamOrd(
  db: Db,
  teamId: number,
  values: { provider: 'vk'; sandbox: boolean; apiKeySealed?: string | null },
) {
  await db
    .insert(teamOrd)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: teamOrd.teamId, set: { ...values, updatedAt: sql`now()` } });
}
