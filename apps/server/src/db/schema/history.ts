import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { id, teamId } from './columns.js';
import { teams } from './teams.js';

/** One changed field of a record: its name and its value before and after, as the history shows them. */
export type FieldChange = { field: string; from: string | number | null; to: string | number | null };

/**
 * Who did what (docs/decisions/025): every create, change and delete of deals, their payments, channels and people,
 * written in the transaction of the change itself. The actor's name is kept with the event, so the history still
 * says who it was after they leave the team; no foreign key to the record, whose history outlives it.
 */
export const historyEvents = pgTable(
  'history_events',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    id: id().notNull().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: id('actor_id'),
    actorName: text('actor_name').notNull(),
    /** 'sale' | 'purchase' | 'channel' | 'employee'. */
    entity: text('entity').notNull(),
    entityId: id('entity_id').notNull(),
    /** 'create' | 'update' | 'delete' | 'restore' | 'payment_add' | 'payment_delete' | 'assign' | 'unassign'. */
    action: text('action').notNull(),
    changes: jsonb('changes').$type<FieldChange[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    // A record's history, newest first, by cursor.
    index('history_events_team_entity_idx').on(t.teamId, t.entity, t.entityId, t.id),
  ],
);
