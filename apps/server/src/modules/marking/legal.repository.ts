import type { LegalDetails } from '@addesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teamLegal } from '../../db/schema/index.js';

export async function findTeamLegal(db: Db, teamId: number) {
  const [row] = await db
    .select({ type: teamLegal.type, name: teamLegal.name, inn: teamLegal.inn, kpp: teamLegal.kpp })
    .from(teamLegal)
    .where(eq(teamLegal.teamId, teamId));
  return row ?? null;
}

export async function saveTeamLegal(db: Db, teamId: number, details: LegalDetails) {
  const values = {
    type: details.type,
    name: details.name,
    inn: details.inn,
    // Only a company has a КПП: another type's is not kept.
    kpp: details.type === 'juridical' ? (details.kpp ?? null) : null,
  };
  await db
    .insert(teamLegal)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: teamLegal.teamId, set: { ...values, updatedAt: sql`now()` } });
  return values;
}
