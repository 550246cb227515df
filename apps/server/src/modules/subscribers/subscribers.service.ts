import { CHANNEL_NOT_FOUND, type ChannelSubscribers } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { dayOf, dayStart, shiftDay } from '../../lib/dates.js';
import { administers, visibleChannels } from '../access/index.js';
import * as repo from './subscribers.repository.js';

/**
 * A channel's subscribers (`GET /api/channel/{id}/subscribers`, archived channels too). The count is the newest
 * daily snapshot; its change over 7 (30) days is that count minus the newest snapshot taken at least 7 (30) days
 * before it, null when the bot had not counted yet then. Joins over 7 (30) days are those of the last 7 (30)
 * calendar days of the team, today included, through a purchase's link or organic, counted also if they left since.
 */
export async function channelSubscribers(
  db: Db,
  caller: SessionCaller,
  channelId: number,
  now: Date,
): Promise<ChannelSubscribers> {
  // A channel's audience is its administrators' business (docs/decisions/024); one the caller does not see is missing.
  const seen = visibleChannels(caller.access)?.includes(channelId) ?? true;
  const channel = seen ? await repo.findChannelWatch(db, caller.teamId, channelId) : undefined;
  if (!channel) throw notFound(CHANNEL_NOT_FOUND);
  if (!administers(caller.access, channelId))
    throw new AppError('FORBIDDEN', 'Подписчиков канала видят владелец команды и администраторы канала');
  const today = dayOf(now, channel.timeZone);
  const lastDays = (days: number) => dayStart(shiftDay(today, 1 - days), channel.timeZone);
  const [snapshot, joins] = await Promise.all([
    repo.snapshotUntil(db, caller.teamId, channelId),
    repo.countJoins(db, caller.teamId, channelId, { d7: lastDays(7), d30: lastDays(30) }),
  ]);
  const changeOver = async (days: number) => {
    if (!snapshot) return null;
    const base = await repo.snapshotUntil(db, caller.teamId, channelId, shiftDay(snapshot.day, -days));
    return base ? snapshot.count - base.count : null;
  };
  const [change7d, change30d] = await Promise.all([changeOver(7), changeOver(30)]);
  return {
    count: snapshot?.count ?? null,
    countedAt: snapshot?.countedAt.toISOString() ?? null,
    change7d,
    change30d,
    joined7d: { purchases: joins.purchases7d, organic: joins.organic7d },
    joined30d: { purchases: joins.purchases30d, organic: joins.organic30d },
    watchingSince: channel.botAdminSince?.toISOString() ?? null,
  };
}

export { countChatJob } from './subscribers.jobs.js';
