import type { ChannelPrice } from '@addesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { channelPrices, channels } from '../../db/schema/index.js';
import { liveChannels } from '../team/index.js';

const priceColumns = {
  advertisementFormatId: channelPrices.advertisementFormatId,
  durationType: channelPrices.durationType,
  duration: channelPrices.duration,
  hoursInTop: channelPrices.hoursInTop,
  price: channelPrices.price,
};

const ofChannel = (teamId: number, channelId: number) =>
  and(eq(channelPrices.teamId, teamId), eq(channelPrices.channelId, channelId));

export async function listPrices(db: Db, teamId: number, channelId: number): Promise<ChannelPrice[]> {
  const rows = await db
    .select(priceColumns)
    .from(channelPrices)
    .where(ofChannel(teamId, channelId))
    .orderBy(asc(channelPrices.position));
  return rows.map((row) => ({ ...row, price: Number(row.price) }));
}

/**
 * Takes the live channel's row for the rest of the transaction, so two lists saved at once replace one another in
 * turn instead of both inserting into an emptied list. `no key update`: deals being added on the channel meanwhile
 * (their foreign key's share lock) do not wait for it. Undefined: no such live channel.
 */
export async function lockLiveChannel(db: Db, teamId: number, channelId: number) {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(liveChannels(teamId), eq(channels.id, channelId)))
    .for('no key update');
  return row;
}

export async function replacePrices(db: Db, teamId: number, channelId: number, rows: ChannelPrice[]) {
  await db.delete(channelPrices).where(ofChannel(teamId, channelId));
  if (rows.length === 0) return;
  await db
    .insert(channelPrices)
    .values(
      rows.map((row, position) => ({ ...row, teamId, channelId, position, price: row.price.toFixed(2) })),
    );
}
