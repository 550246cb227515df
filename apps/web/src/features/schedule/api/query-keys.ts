/**
 * Every schedule query lives under ['schedule']: a created or changed sale or purchase makes it stale (the deal form
 * invalidates this prefix beside its own lists).
 */
export const scheduleQueryKeys = {
  all: ['schedule'] as const,
  list: (query: Record<string, string | number>) => ['schedule', 'list', query] as const,
  days: (query: Record<string, string | number>) => ['schedule', 'days', query] as const,
  conflicts: (query: Record<string, string | number>) => ['schedule', 'conflicts', query] as const,
};
