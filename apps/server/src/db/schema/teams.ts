import { pgTable, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns.js';

/** A team is the tenant: a master (a person who signed in) and everything they and their employees record. */
export const teams = pgTable('teams', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
