import { and, eq, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The condition that joins the record `id` points at in its team: every team table is keyed by (team_id, id)
 * (decisions 002), so a join on the id alone could reach another team's row and would not use the key.
 */
export const teamRecord = (
  table: { teamId: AnyPgColumn; id: AnyPgColumn },
  teamId: SQLWrapper,
  id: SQLWrapper,
) => and(eq(table.teamId, teamId), eq(table.id, id));
