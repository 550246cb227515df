import type { markingDueSchema, z } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type MarkingDue = z.infer<typeof markingDueSchema>;

/** GET /api/marking/due (owner): the month due within 5 days while its deals lack something, else null. */
export const markingDueQueryOptions = () =>
  queryOptions({
    // markingKeys.due, written out: importing ./marking-keys would share it with the month's chunk, a chunk of its own.
    queryKey: ['marking', 'due'] as const,
    queryFn: ({ signal }) => apiRequest<MarkingDue>('GET', '/marking/due', { signal }),
  });

export function useMarkingDue() {
  return useQuery(markingDueQueryOptions());
}
