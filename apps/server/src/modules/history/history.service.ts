import type { FieldChange, HistoryEvent, PageQuery } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { decodeCursor, idCursor, toPage } from '../../lib/cursor.js';
import * as repo from './history.repository.js';

export type { FieldChange };

/** Records who did what, in the transaction of the change (docs/decisions/025). */
export const recordEvent = (tx: Db, caller: Caller, event: repo.NewEvent) =>
  repo.insertEvent(tx, caller, event);

/** The same action on many records of one entity: an import's deals made or deleted (issue 37). */
export const recordEvents = (tx: Db, caller: Caller, entity: string, ids: number[], action: string) =>
  repo.insertEvents(tx, caller, entity, ids, action);

/** What a record's field held before its latest change to `to` (a status before 'Оплачена'), if it was ever changed so. */
export const valueBefore = repo.valueBefore;

/** Who last did an action (deleted, say) to each of several records, by id; a record without such an event is absent. */
export const lastActors = repo.lastActors;

/** The fields whose values differ between two snapshots of a record, in the order of `after`'s keys. */
export function changedFields(
  before: Record<string, string | number | null>,
  after: Record<string, string | number | null>,
): FieldChange[] {
  return Object.keys(after)
    .filter((field) => (before[field] ?? null) !== (after[field] ?? null))
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));
}

/** A record's history, newest first, by cursor. The caller checked that the record is theirs to see. */
export async function listHistory(
  db: Db,
  teamId: number,
  record: { entity: string; entityId: number },
  query: PageQuery,
) {
  const before = decodeCursor(query.cursor, idCursor);
  const rows = await repo.listEvents(db, teamId, record, { limit: query.limit, beforeId: before?.[0] });
  return toPage(
    rows,
    query.limit,
    (row): HistoryEvent => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { id: row.actorId, name: row.actorName },
      action: row.action as HistoryEvent['action'],
      changes: row.changes,
    }),
    (row) => [row.id],
  );
}
