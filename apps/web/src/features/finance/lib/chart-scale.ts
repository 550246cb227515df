import type { FinanceStep } from '@addesk/contract';
import { MINUS } from '@addesk/contract/plain';
import { monthTitle, shiftDay } from '@/components/ui/period-picker-lib';
import { formatCalendarDay, monthNames } from '@/lib/format';

const NBSP = '\u00a0';

/**
 * Up to `count` + 1 round values (1, 2 or 5 times a power of ten apart) covering min..max, zero included: the
 * chart's horizontal lines.
 */
export function niceTicks(min: number, max: number, count = 4): number[] {
  const low = Math.min(0, min);
  const high = Math.max(0, max);
  if (low === high) return [0];
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  // A step a little under the rough one is fine: one more line reads better than a half-empty chart.
  const step = ([1, 2, 5, 10].find((m) => m * power >= rough * 0.75) ?? 10) * power;
  const ticks: number[] = [];
  const first = Math.floor(low / step);
  const last = Math.ceil(high / step);
  for (let i = first; i <= last; i++) ticks.push(Math.round(i * step));
  return ticks;
}

/** An axis label: '0', '800', '12 тыс', '1,5 млн', '−3 тыс'. */
export function compactMoney(value: number): string {
  const sign = value < 0 ? MINUS : '';
  const abs = Math.abs(value);
  const short = (n: number) => String(Math.round(n * 10) / 10).replace('.', ',');
  if (abs >= 1_000_000) return `${sign}${short(abs / 1_000_000)}${NBSP}млн`;
  if (abs >= 1_000) return `${sign}${short(abs / 1_000)}${NBSP}тыс`;
  return `${sign}${Math.round(abs)}`;
}

/** A point's label under the chart: '05.11' for a day or a week, 'ноя' for a month ('ноя 26' when years differ). */
export function axisLabel(period: string, step: FinanceStep, withYear: boolean): string {
  if (step === 'month') {
    const name = monthNames.short[Number(period.slice(5, 7)) - 1] ?? period;
    return withYear ? `${name} ${period.slice(2, 4)}` : name;
  }
  return `${period.slice(8, 10)}.${period.slice(5, 7)}`;
}

/**
 * What a point stands for, in full: '05.11.2026' (a day), '02.11.2026 – 08.11.2026' (a week, cut at the period's
 * end), 'Ноябрь 2026' (a month).
 */
export function pointTitle(period: string, step: FinanceStep, periodEnd: string): string {
  if (step === 'month') return monthTitle(period);
  if (step === 'day') return formatCalendarDay(period);
  const weekEnd = shiftDay(period, 6);
  return `${formatCalendarDay(period)} – ${formatCalendarDay(weekEnd < periodEnd ? weekEnd : periodEnd)}`;
}

/** The column head of the chart's table: 'День', 'Неделя', 'Месяц'. */
export const stepNames: Record<FinanceStep, { column: string; caption: string }> = {
  day: { column: 'День', caption: 'по дням' },
  week: { column: 'Неделя', caption: 'по неделям' },
  month: { column: 'Месяц', caption: 'по месяцам' },
};
