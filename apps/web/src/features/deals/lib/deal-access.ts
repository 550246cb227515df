import type { DealOf } from '@addesk/contract';
import { type DealKind, inCommonNames, mayChangeDeal } from '@addesk/contract/plain';
import { useCurrentUser } from '@/features/auth';

/**
 * What the signed-in person may do with deals of a kind (docs/decisions/024), by the contract's rule the server
 * applies: record new ones (and on which channels), and change this one.
 */
export function useDealAccess(kind: DealKind) {
  const { data: user } = useCurrentUser();
  const rights = user?.permissions[kind];
  return {
    /** The channels a new deal may go to; null: any of the team's. */
    createOn: rights ? rights.createOn : [],
    canCreate: rights !== undefined && (rights.createOn === null || rights.createOn.length > 0),
    canChange: (deal: DealOf<DealKind>) =>
      user !== undefined &&
      user !== null &&
      rights !== undefined &&
      mayChangeDeal(rights, user.id, {
        channelId: deal.channelInfo.id,
        employeeId: inCommonNames(kind, deal).employee?.id ?? null,
      }),
  };
}
