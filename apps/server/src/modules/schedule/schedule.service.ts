import {
  CHANNEL_NOT_FOUND,
  type SaleConflict,
  type ScheduleDay,
  type ScheduleItem,
  type saleConflictsQuery,
  type scheduleDaysQuery,
  type scheduleQuery,
  z,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { Caller, SessionCaller } from '../../lib/caller.js';
import { decodeCursor, toPage } from '../../lib/cursor.js';
import { addZonedDays, daysSpan, isoInZone } from '../../lib/dates.js';
import { visibleChannels } from '../access/index.js';
import { dealReferences } from '../reference/reference.service.js';
import { findChannel, findTeamSettings } from '../team/index.js';
import * as repo from './schedule.repository.js';

const HOUR_MS = 60 * 60 * 1000;

const cursorKey = z.tuple([z.iso.datetime(), z.number().int().positive()]);

/**
 * The channels whose placements the caller reads: the one asked for, or every one they see (undefined: all). A
 * foreign channel, or one the caller has no role on, is a missing one (404), like every other id of another team.
 */
async function checkChannel(db: Db, caller: SessionCaller, channelId: number | undefined) {
  const seen = visibleChannels(caller.access);
  if (channelId === undefined) return seen;
  if ((seen && !seen.includes(channelId)) || !(await findChannel(db, caller.teamId, channelId))) {
    throw notFound(CHANNEL_NOT_FOUND);
  }
  return [channelId];
}

/** The team's zone and what makes two of its sales collide. */
async function teamRules(db: Db, caller: Caller) {
  const { timeZone, minGapMinutes } = await findTeamSettings(db, caller.teamId);
  const rule = { gapMinutes: minGapMinutes, longestTopHours: await repo.longestTopHours(db, caller.teamId) };
  return { timeZone, rule };
}

/** The end of the post's time in the top: its start when it is not held there. */
const topEnd = (start: Date, hoursInTop: number) => new Date(start.getTime() + hoursInTop * HOUR_MS);

/** When the post is removed: days are the team's calendar days (the same wall time), hours are hours. */
function removal(row: repo.PlacementRow, timeZone: string): Date | null {
  if (row.durationType === 'INFINITY') return null;
  const duration = row.duration ?? 0;
  return row.durationType === 'DAYS'
    ? addZonedDays(row.placementAt, duration, timeZone)
    : new Date(row.placementAt.getTime() + duration * HOUR_MS);
}

/** `GET /api/schedule`: the team's placements between two of its days, earliest first. */
export async function getSchedule(
  db: Db,
  caller: SessionCaller,
  query: z.output<typeof scheduleQuery>,
): Promise<{ items: ScheduleItem[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, cursorKey);
  const channelIds = await checkChannel(db, caller, query.channelId);
  const { timeZone, rule } = await teamRules(db, caller);
  const refs = await dealReferences(db);
  const rows = await repo.listPlacements(
    db,
    caller.teamId,
    {
      ...daysSpan(query.from, query.to, timeZone),
      channelIds,
      kind: query.kind,
    },
    rule,
    { limit: query.limit, after: after && { placementAt: after[0], id: after[1] } },
  );
  const inZone = (instant: Date) => isoInZone(instant, timeZone);
  return toPage(
    rows,
    query.limit,
    (row): ScheduleItem => {
      const removeAt = removal(row, timeZone);
      return {
        kind: row.kind,
        id: row.id,
        channel: row.channel,
        counterpartName: row.counterpartName,
        formatName: row.formatId === null ? null : (refs.names.format.get(row.formatId)?.name ?? null),
        statusName: refs.names.status.get(row.statusId) ?? '',
        placementStart: inZone(row.placementAt),
        topUntil: inZone(topEnd(row.placementAt, row.hoursInTop)),
        removeAt: removeAt && inZone(removeAt),
        conflict: row.conflict,
      };
    },
    (row) => [row.placementAt.toISOString(), row.id],
  );
}

/**
 * `GET /api/sale/conflicts`: the team's sales a sale in this slot would collide with. A foreign channel is 404; a
 * foreign `excludeId` names none of the team's sales, so it changes nothing.
 */
export async function getSaleConflicts(
  db: Db,
  caller: SessionCaller,
  query: z.output<typeof saleConflictsQuery>,
): Promise<SaleConflict[]> {
  await checkChannel(db, caller, query.channelId);
  const { timeZone, rule } = await teamRules(db, caller);
  const rows = await repo.findConflicts(
    db,
    caller.teamId,
    {
      channelId: query.channelId,
      start: new Date(query.accommodationTime),
      hoursInTop: query.hoursInTop,
      excludeId: query.excludeId,
    },
    rule,
  );
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    counterpartName: row.counterpartName,
    placementStart: isoInZone(row.placementAt, timeZone),
    slotUntil: isoInZone(topEnd(row.placementAt, Math.max(row.hoursInTop, 1)), timeZone),
  }));
}

/** `GET /api/schedule/days`: a channel's placements per day of the team's zone, for its month view. */
export async function getScheduleDays(
  db: Db,
  caller: SessionCaller,
  query: z.output<typeof scheduleDaysQuery>,
): Promise<ScheduleDay[]> {
  await checkChannel(db, caller, query.channelId);
  const { timeZone } = await findTeamSettings(db, caller.teamId);
  return repo.countByDay(
    db,
    caller.teamId,
    {
      ...daysSpan(query.from, query.to, timeZone),
      channelId: query.channelId,
      kind: query.kind,
    },
    timeZone,
  );
}
