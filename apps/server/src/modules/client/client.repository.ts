import { dealKinds } from '@addesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockTeamDataVersion, lockTeamRecords } from '../../db/locks.js';
import { contacts, deals } from '../../db/schema/index.js';

// The merge's writes: two contacts of one team become one.

/**
 * Locks the team's data version first (as the contacts' upsert does, db/locks.ts), then both contacts in id order:
 * a deal written meanwhile and a second merge of either contact wait for this one. Answers the ids that exist.
 */
export async function lockContacts(tx: Db, teamId: number, ids: [number, number]) {
  await lockTeamDataVersion(tx, teamId);
  const rows = await lockTeamRecords(tx, contacts, teamId, ids);
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Points every deal of contact `fromId` at `intoId`, the deleted ones too (they can come back), each as a change of
 * the deal (its version moves on); answers the deals moved.
 */
export function moveDeals(tx: Db, teamId: number, fromId: number, intoId: number) {
  return tx
    .update(deals)
    .set({ contactId: intoId, version: sql`${deals.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(deals.teamId, teamId), inArray(deals.kind, [...dealKinds]), eq(deals.contactId, fromId)))
    .returning({ id: deals.id, kind: deals.kind });
}

export async function deleteContact(tx: Db, teamId: number, id: number) {
  await tx.delete(contacts).where(and(eq(contacts.teamId, teamId), eq(contacts.id, id)));
}
