import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { teams } from './schema/index.js';

/**
 * Serialises changes of one team that check a count or a state before writing (channel limit, tariff periods):
 * the team row is locked until the transaction ends.
 */
export async function lockTeam(db: Db, teamId: number) {
  await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
}
