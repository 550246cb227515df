import { DELETED_DEAL_KEPT_DAYS, type DealKind } from '@addesk/contract';
import { and, eq, inArray, isNull, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dealStatuses, deals } from './schema/index.js';

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

/**
 * Whether a deal is live, not deleted from its screen: a deleted deal is kept only to be restored (for
 * DELETED_DEAL_KEPT_DAYS) and is in no list, calendar or sum, so every read of deals takes this condition. `deals`
 * or an alias of it.
 */
export const liveDeal = (table: { deletedAt: AnyPgColumn }) => isNull(table.deletedAt);

/** The moment `now` before which a deleted deal can no longer be restored: the restore's and the sweep's one bound. */
export const restorableSince = (now: Date) => new Date(now.getTime() - DELETED_DEAL_KEPT_DAYS * 86_400_000);

/** What a member who is not the owner sees of each kind of deal (modules/access): on these channels, or by these people. */
export type DealScopes = Record<DealKind, { channelIds: number[]; employeeIds: number[] }>;

/**
 * The deals of both kinds a member sees, for the reads that take both at once (the calendar, its feed). The lists'
 * own prepared form of the same rule is `visibleTo` (modules/deal/deal-list.filters.ts).
 */
export const visibleDeals = (scopes: DealScopes) =>
  or(
    ...(Object.entries(scopes) as [DealKind, DealScopes[DealKind]][]).map(([kind, scope]) =>
      and(
        eq(deals.kind, kind),
        or(inArray(deals.channelId, scope.channelIds), inArray(deals.employeeId, scope.employeeIds)),
      ),
    ),
  );
