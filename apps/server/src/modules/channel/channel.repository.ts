import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { channels } from '../../db/schema/index.js';

export const channelColumns = {
  id: channels.id,
  name: channels.name,
  iconLink: channels.iconLink,
  botAdminRights: channels.botAdminRights,
  description: channels.description,
  ownerEmployeeId: channels.ownerEmployeeId,
  telegramNickName: channels.telegramNickName,
};

export async function listChannels(
  db: Db,
  teamId: number,
  page: { limit: number; afterId: number | undefined },
) {
  const scope = eq(channels.teamId, teamId);
  const [rows, [total]] = await Promise.all([
    db
      .select(channelColumns)
      .from(channels)
      .where(page.afterId === undefined ? scope : and(scope, gt(channels.id, page.afterId)))
      .orderBy(asc(channels.id))
      .limit(page.limit + 1),
    db.select({ value: count() }).from(channels).where(scope),
  ]);
  return { rows, total: total?.value ?? 0 };
}
