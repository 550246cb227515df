// The month's marking paperwork (issue 35) lives under ['marking']: a deal's views saved or the month sent refreshes
// every month shown and the dashboard's reminder. Kept beside its calls rather than in lib/query-keys.ts, which rides
// on every first load: no first screen asks for these (the dashboard's reminder loads on its own, after it).
export const markingKeys = {
  all: ['marking'] as const,
  month: (month: string) => ['marking', 'month', month] as const,
  due: ['marking', 'due'] as const,
};
