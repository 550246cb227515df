import { and, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { shiftDay } from '../lib/dates.js';
import { moneyDays, moneyPeriods } from './schema/index.js';

// How every money figure reads the roll-up (docs/decisions/016, 033): the weeks or months a range holds whole from
// money_periods, the days of one it cuts from money_days. A year is 12 rows per channel and kind instead of 365, a
// quarter by week 13 instead of 91.

/** Days yyyy-MM-dd, both ends in; an end left out is open (all the team's money before or after). */
export type MoneyRange = { from?: string | undefined; to?: string | undefined };

/** The coarsest rows a reader can sum: a series by day needs days, one by week weeks, anything else months. */
export type MoneyUnit = 'day' | 'week' | 'month';

/** What a roll-up row holds, under one name whichever table it comes from. */
const sums = (
  t: typeof moneyDays | typeof moneyPeriods,
) => sql`${t.channelId} as channel_id, ${t.kind} as kind,
  ${t.deals} as deals, ${t.unpaid} as unpaid, ${t.total} as total, ${t.paid} as paid, ${t.received} as received,
  ${t.viewedTotal} as viewed_total, ${t.views} as views, ${t.cancelled} as cancelled,
  ${t.cancelledTotal} as cancelled_total`;

/** The first day of the week (from Monday) or month `day` falls in. */
function unitStart(unit: 'week' | 'month', day: string): string {
  if (unit === 'month') return `${day.slice(0, 7)}-01`;
  return shiftDay(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** The first day of the week or month after the one `day` falls in. */
const nextStart = (unit: 'week' | 'month', day: string) =>
  unitStart(unit, shiftDay(unitStart(unit, day), unit === 'week' ? 7 : 31));

/**
 * A range as the whole weeks or months it holds (`whole`: the units starting in [from, before), open where the range
 * is; none when it holds no whole one) and the days of the ones it cuts at either end (`days`, both ends in). The one
 * way every roll-up kept by day and by week or month is read (this file's money, the payroll's pay roll-up).
 */
export function rangeParts<Range extends MoneyRange>(
  range: Range,
  unit: 'week' | 'month',
): { whole: { from: Range['from']; before: Range['to'] } | undefined; days: Range[] } {
  // The whole units: from the first that starts on or after `from`, up to the one `to` ends (the unit before the one
  // holding the day after `to`).
  const first =
    range.from === undefined || unitStart(unit, range.from) === range.from
      ? range.from
      : nextStart(unit, range.from);
  const end = range.to === undefined ? undefined : unitStart(unit, shiftDay(range.to, 1));
  if (first !== undefined && end !== undefined && first >= end) return { whole: undefined, days: [range] };
  const days: Range[] = [];
  if (range.from !== undefined && first !== undefined && range.from < first) {
    days.push({ ...range, to: shiftDay(first, -1) });
  }
  if (range.to !== undefined && end !== undefined && end <= range.to) days.push({ ...range, from: end });
  // An end is open exactly when the range's is.
  return { whole: { from: first as Range['from'], before: end as Range['to'] }, days };
}

/**
 * A subquery of the team's roll-up rows over `range` (on `channelIds`, or all): a row per week or month (`unit`) for
 * each one the range holds whole, dated its first day, and a row per day for the days of one it cuts. Each row has
 * `day`, `channel_id`, `kind` and the sums of schema/money.ts by their column names; summed by `unit` or anything
 * coarser, they give what the days alone give.
 */
export function moneyRows(
  teamId: number,
  range: MoneyRange,
  channelIds: number[] | undefined,
  unit: MoneyUnit = 'month',
): SQL {
  const ofDays = ({ from, to }: MoneyRange) =>
    sql`select ${moneyDays.day} as day, ${sums(moneyDays)} from ${moneyDays} where ${and(
      eq(moneyDays.teamId, teamId),
      from === undefined ? undefined : gte(moneyDays.day, from),
      to === undefined ? undefined : lte(moneyDays.day, to),
      channelIds === undefined ? undefined : inArray(moneyDays.channelId, channelIds),
    )}`;
  if (unit === 'day') return ofDays(range);
  const { whole, days } = rangeParts(range, unit);
  const parts = days.map(ofDays);
  if (whole) {
    parts.unshift(
      sql`select ${moneyPeriods.start} as day, ${sums(moneyPeriods)} from ${moneyPeriods} where ${and(
        eq(moneyPeriods.teamId, teamId),
        eq(moneyPeriods.unit, unit),
        whole.from === undefined ? undefined : gte(moneyPeriods.start, whole.from),
        whole.before === undefined ? undefined : lt(moneyPeriods.start, whole.before),
        channelIds === undefined ? undefined : inArray(moneyPeriods.channelId, channelIds),
      )}`,
    );
  }
  return sql.join(parts, sql` union all `);
}
