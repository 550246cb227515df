/**
 * Every calendar query (GET /api/calendar, the period picker's day marks) lives under ['calendar']: a created or
 * changed deal makes this prefix stale.
 */
export const calendarQueryKeys = {
  all: ['calendar'] as const,
  range: (from: string, to: string) => ['calendar', { from, to }] as const,
};
