import type { DealKind } from '@addesk/contract';

/**
 * Every deal query lives under ['deals']. This module imports no other feature: the lists' loaders are first-load
 * code, and another feature's index would bring its screens along (./stale-after-write.ts does that, for the forms).
 */
export const dealsQueryKeys = {
  all: ['deals'] as const,
  kind: (kind: DealKind) => ['deals', kind] as const,
  lists: (kind: DealKind) => ['deals', kind, 'list'] as const,
  list: (kind: DealKind, query: Record<string, string | number>) => ['deals', kind, 'list', query] as const,
  statuses: (kind: DealKind) => ['deals', kind, 'statuses'] as const,
  summaries: (kind: DealKind) => ['deals', kind, 'summary'] as const,
  summary: (kind: DealKind, query: Record<string, string>) => ['deals', kind, 'summary', query] as const,
};
