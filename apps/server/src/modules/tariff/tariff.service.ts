import { NO_TARIFF_CHANNELS, TRIAL } from '@addesk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import type { Caller } from '../../plugins/session.js';

/**
 * How many channels the caller's team may have. Subscriptions come with the profile feature; until then nobody has
 * a tariff (1 channel) except demo masters, who try the product on a trial (decisions D3).
 */
export async function channelLimit(db: Db, caller: Caller): Promise<number> {
  const [demo] = await db
    .select({ subject: accounts.subject })
    .from(accounts)
    .where(and(eq(accounts.teamId, caller.teamId), eq(accounts.provider, 'demo')))
    .limit(1);
  return demo ? TRIAL.channels : NO_TARIFF_CHANNELS;
}
