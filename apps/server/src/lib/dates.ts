export const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** Calendar months in UTC (JavaScript's overflow rule: 31 January + 1 month is 3 March). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

/**
 * Users' time zone (decisions D3): Europe/Moscow, which has kept UTC+3 all year since 2014. The calendar's rollup
 * (migration 0005) cuts days in the same zone.
 */
const USER_UTC_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The instant a calendar day (yyyy-MM-dd) begins in the users' zone. */
export const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - USER_UTC_OFFSET_MS);

/** The calendar day (yyyy-MM-dd) an instant falls on in the users' zone, not in UTC nor the machine's zone. */
export const dayOf = (instant: Date) =>
  new Date(instant.getTime() + USER_UTC_OFFSET_MS).toISOString().slice(0, 10);

/** The calendar day after `day`, as yyyy-MM-dd. */
export const nextDay = (day: string) =>
  addDays(new Date(`${day}T00:00:00Z`), 1)
    .toISOString()
    .slice(0, 10);
