import type { FinanceBasis } from '@addesk/contract';
import type { SearchSchemaInput } from '@tanstack/react-router';
import { type Day, parsePeriod, periodValue, presetRange } from '@/components/ui/period-picker-lib';
import { parseId } from '@/lib/ids';
import type { FinanceSummaryQuery } from '../api/get-finance-summary';

/**
 * The search params of /finance: the period ('=bt=(yyyy-MM-dd,yyyy-MM-dd)', as the lists write it; none: the
 * current month), one channel (none: all) and the basis ('cash'; none: by deal date). Plain functions, no zod: the
 * route module is first-load code.
 */
export type FinanceSearch = { period?: string; channelId?: number; basis?: 'cash' };

export type FinanceSearchInput = {
  period?: string;
  channelId?: string | number;
  basis?: string;
} & SearchSchemaInput;

/** The route's `validateSearch`: what cannot be read is left out (the default), never an error screen. */
export function validateFinanceSearch(input: FinanceSearchInput): FinanceSearch {
  const raw = input as Record<string, unknown>;
  const period = typeof raw.period === 'string' ? raw.period : undefined;
  const range = parsePeriod(period);
  const channelId =
    typeof raw.channelId === 'number' || typeof raw.channelId === 'string'
      ? parseId(String(raw.channelId))
      : undefined;
  // Every key returned, even undefined: the router keeps raw keys a validator leaves out.
  return {
    period: range.from !== undefined && range.to !== undefined ? periodValue(range) : undefined,
    channelId,
    basis: raw.basis === 'cash' ? 'cash' : undefined,
  };
}

/** The period shown: the chosen one, or the current month of `today`. */
export function financePeriodOf(search: FinanceSearch, today: Day): { from: Day; to: Day } {
  const range = parsePeriod(search.period);
  if (range.from !== undefined && range.to !== undefined) return { from: range.from, to: range.to };
  return presetRange('month', today);
}

export const financeBasisOf = (search: FinanceSearch): FinanceBasis =>
  search.basis === 'cash' ? 'cash' : 'accrual';

/** The summary call of a search, seen from `today` (the team's day). */
export function financeSummaryQueryOf(search: FinanceSearch, today: Day): FinanceSummaryQuery {
  return { ...financePeriodOf(search, today), channelId: search.channelId, basis: financeBasisOf(search) };
}

/** The current month of `today`, all channels, by deal date: the dashboard's tile and a channel's card. */
export const currentMonthQuery = (today: Day, channelId?: number): FinanceSummaryQuery => ({
  ...presetRange('month', today),
  channelId,
  basis: 'accrual',
});
