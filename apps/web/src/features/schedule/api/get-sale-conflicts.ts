import type { SaleConflict } from '@addesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { scheduleQueryKeys } from '@/lib/query-keys';

export type SaleSlot = {
  channelId: number;
  /** ISO 8601 with an offset, as the deal form sends it. */
  accommodationTime: string;
  hoursInTop: number;
  /** The sale being edited: it never collides with itself. */
  excludeId?: number | undefined;
};

const slotQuery = (slot: SaleSlot): Record<string, string | number> => ({
  channelId: slot.channelId,
  accommodationTime: slot.accommodationTime,
  hoursInTop: slot.hoursInTop,
  ...(slot.excludeId === undefined ? {} : { excludeId: slot.excludeId }),
});

/** GET /api/sale/conflicts: the team's sales on the channel this slot would collide with. */
export function getSaleConflicts(slot: SaleSlot, signal?: AbortSignal) {
  return apiRequest<SaleConflict[]>('GET', '/sale/conflicts', { query: slotQuery(slot), signal });
}

export const saleConflictsQueryOptions = (slot: SaleSlot) =>
  queryOptions({
    queryKey: scheduleQueryKeys.conflicts(slotQuery(slot)),
    queryFn: ({ signal }) => getSaleConflicts(slot, signal),
  });

/** Asked only once the form knows the channel and the time. */
export function useSaleConflicts(slot: SaleSlot | undefined) {
  return useQuery({
    ...saleConflictsQueryOptions(slot ?? { channelId: 0, accommodationTime: '', hoursInTop: 0 }),
    enabled: slot !== undefined,
    placeholderData: keepPreviousData,
  });
}
