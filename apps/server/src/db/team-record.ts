import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dealStatuses } from './schema/index.js';

/**
 * The condition that joins the record `id` points at in its team: every team table is keyed by (team_id, id)
 * (decisions 002), so a join on the id alone could reach another team's row and would not use the key.
 */
export const teamRecord = (
  table: { teamId: AnyPgColumn; id: AnyPgColumn },
  teamId: SQLWrapper,
  id: SQLWrapper,
) => and(eq(table.teamId, teamId), eq(table.id, id));

/**
 * Whether a deal's status cancels it ('Отменена' of either kind: `deal_statuses.cancels`, data rather than ids). A
 * cancelled deal holds no slot, has no placement in a calendar and carries no money (docs/decisions/016).
 */
export const cancelledStatus = (statusId: SQLWrapper) =>
  sql`${statusId} in (select ${dealStatuses.id} from ${dealStatuses} where ${dealStatuses.cancels})`;
