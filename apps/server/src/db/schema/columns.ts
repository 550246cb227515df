import { bigint, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** Ids are bigints read as JS numbers: exact up to 2^53, far beyond any id this product will issue. */
export const id = (name = 'id') => bigint(name, { mode: 'number' });

/** The tenant key: every team table carries it and every index leads with it (Citus-ready by team). */
export const teamId = () => id('team_id').notNull();

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Optimistic concurrency: a PATCH sends the version it read; a stale one is refused. */
export const version = () => integer('version').notNull().default(1);

/** Sale or purchase: the two kinds of deal share one table and one implementation (decisions 006). */
export const dealKind = () => text('kind', { enum: ['sale', 'purchase'] }).notNull();
