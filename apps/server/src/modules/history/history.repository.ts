import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { employees, type FieldChange, historyEvents } from '../../db/schema/index.js';

export type NewEvent = {
  entity: string;
  entityId: number;
  action: string;
  changes?: FieldChange[];
};

/**
 * Writes one event in the caller's transaction; the actor's name is read from the team in the same statement, so the
 * history keeps it after they leave.
 */
export async function insertEvent(db: Db, actor: { teamId: number; employeeId: number }, event: NewEvent) {
  await db.execute(sql`
    insert into ${historyEvents} (team_id, actor_id, actor_name, entity, entity_id, action, changes)
    select ${actor.teamId}, ${actor.employeeId}, trim(${employees.firstName} || ' ' || ${employees.secondName}),
           ${event.entity}, ${event.entityId}, ${event.action}, ${JSON.stringify(event.changes ?? [])}::jsonb
      from ${employees}
     where ${employees.teamId} = ${actor.teamId} and ${employees.id} = ${actor.employeeId}`);
}

/** One action on many records of one entity (an import's deals, its undo), in one statement. */
export async function insertEvents(
  db: Db,
  actor: { teamId: number; employeeId: number },
  entity: string,
  entityIds: number[],
  action: string,
) {
  if (entityIds.length === 0) return;
  await db.execute(sql`
    insert into ${historyEvents} (team_id, actor_id, actor_name, entity, entity_id, action, changes)
    select ${actor.teamId}, ${actor.employeeId}, trim(${employees.firstName} || ' ' || ${employees.secondName}),
           ${entity}, ids.id, ${action}, '[]'::jsonb
      from ${employees}, unnest(${`{${entityIds.join(',')}}`}::bigint[]) as ids(id)
     where ${employees.teamId} = ${actor.teamId} and ${employees.id} = ${actor.employeeId}`);
}

type RecordRef = { entity: string; entityId: number };

/** The events of one record of the team: the index's leading columns. */
const ofRecord = (teamId: number, record: RecordRef) =>
  and(
    eq(historyEvents.teamId, teamId),
    eq(historyEvents.entity, record.entity),
    eq(historyEvents.entityId, record.entityId),
  );

/** A record's events, newest first, after the cursor's id; limit + 1 rows. */
export function listEvents(
  db: Db,
  teamId: number,
  record: RecordRef,
  page: { limit: number; beforeId: number | undefined },
) {
  return db
    .select({
      id: historyEvents.id,
      at: historyEvents.at,
      actorId: historyEvents.actorId,
      actorName: historyEvents.actorName,
      action: historyEvents.action,
      changes: historyEvents.changes,
    })
    .from(historyEvents)
    .where(
      and(
        ofRecord(teamId, record),
        page.beforeId === undefined ? undefined : lt(historyEvents.id, page.beforeId),
      ),
    )
    .orderBy(desc(historyEvents.id))
    .limit(page.limit + 1);
}

/**
 * The value `field` held before the record's latest change of it to `to`, by the index of the record's events (a
 * record's history is short); undefined when no event changed it to that.
 */
export async function valueBefore(db: Db, teamId: number, record: RecordRef, field: string, to: string) {
  const [row] = await db
    .select({ changes: historyEvents.changes })
    .from(historyEvents)
    .where(
      and(
        ofRecord(teamId, record),
        sql`${historyEvents.changes} @> ${JSON.stringify([{ field, to }])}::jsonb`,
      ),
    )
    .orderBy(desc(historyEvents.id))
    .limit(1);
  return row?.changes.find((change) => change.field === field && change.to === to)?.from;
}

/** Who last did `action` to each of these records of one entity (the bin's 'Удалил'), by the record's index. */
export async function lastActors(
  db: Db,
  teamId: number,
  entity: string,
  entityIds: number[],
  action: string,
) {
  const rows = await db
    .selectDistinctOn([historyEvents.entityId], {
      entityId: historyEvents.entityId,
      id: historyEvents.actorId,
      name: historyEvents.actorName,
    })
    .from(historyEvents)
    .where(
      and(
        eq(historyEvents.teamId, teamId),
        eq(historyEvents.entity, entity),
        inArray(historyEvents.entityId, entityIds),
        eq(historyEvents.action, action),
      ),
    )
    .orderBy(historyEvents.entityId, desc(historyEvents.id));
  return new Map(rows.map(({ entityId, ...actor }) => [entityId, actor]));
}
