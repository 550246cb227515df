import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { channels, dealMarkings, deals, externalChannels } from '../../db/schema/index.js';

/** Where a deal's post goes out: our channel for a sale, the seller's (the deal's external channel) for a purchase. */
export async function findDealPlace(db: Db, teamId: number, dealId: number) {
  const [row] = await db
    .select({
      channelId: deals.channelId,
      externalChannelId: deals.externalChannelId,
      channelName: channels.name,
      channelUsername: channels.telegramNickName,
      externalName: externalChannels.name,
      externalUsername: externalChannels.username,
    })
    .from(deals)
    .innerJoin(channels, and(eq(channels.teamId, deals.teamId), eq(channels.id, deals.channelId)))
    .leftJoin(
      externalChannels,
      and(eq(externalChannels.teamId, deals.teamId), eq(externalChannels.id, deals.externalChannelId)),
    )
    .where(and(eq(deals.teamId, teamId), eq(deals.id, dealId)));
  return row;
}

const ofDeal = (teamId: number, dealId: number) =>
  and(eq(dealMarkings.teamId, teamId), eq(dealMarkings.dealId, dealId));

/**
 * Queues the registration unless it is queued already; answers whether it did, so of two requests at once only one
 * enqueues the job.
 */
export async function markQueued(db: Db, teamId: number, dealId: number) {
  const rows = await db
    .update(dealMarkings)
    .set({ registration: 'queued', registrationError: null })
    .where(
      and(
        ofDeal(teamId, dealId),
        or(isNull(dealMarkings.registration), ne(dealMarkings.registration, 'queued')),
      ),
    )
    .returning({ dealId: dealMarkings.dealId });
  return rows.length > 0;
}

/** The ОРД accepted one step: a retry starts after it. */
export async function recordStep(db: Db, teamId: number, dealId: number, step: string) {
  await db
    .update(dealMarkings)
    .set({ registrationSteps: sql`${dealMarkings.registrationSteps} || ${JSON.stringify([step])}::jsonb` })
    .where(ofDeal(teamId, dealId));
}

export async function finishRegistration(db: Db, teamId: number, dealId: number, erid: string) {
  await db
    .update(dealMarkings)
    .set({ registration: 'done', registrationError: null, erid, erirStatus: null })
    .where(ofDeal(teamId, dealId));
}

/** Still queued, with why it waits; or failed with why. */
export async function noteRegistration(
  db: Db,
  teamId: number,
  dealId: number,
  status: 'queued' | 'failed',
  message: string,
) {
  await db
    .update(dealMarkings)
    .set({ registration: status, registrationError: message })
    .where(ofDeal(teamId, dealId));
}

/** ЕРИР's verdict on the deal's creative, in words. */
export async function saveErirStatus(db: Db, teamId: number, dealId: number, status: string) {
  await db
    .update(dealMarkings)
    .set({ erirStatus: status.slice(0, 1000) })
    .where(ofDeal(teamId, dealId));
}
