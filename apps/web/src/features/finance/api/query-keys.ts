import type { FinanceBasis } from '@addesk/contract';

/** The summary's query: a period of days, one channel or all, by deal date or by payment date. */
export type FinanceSummaryQuery = {
  from: string;
  to: string;
  channelId?: number | undefined;
  basis: FinanceBasis;
};

/**
 * Every finance query lives under ['finance']: a created, changed or paid deal makes this prefix stale (the screen,
 * the dashboard's tile and the channel's card at once).
 */
export const financeQueryKeys = {
  all: ['finance'] as const,
  summary: (query: FinanceSummaryQuery) => ['finance', 'summary', query] as const,
  debts: (channelId: number | undefined) => ['finance', 'debts', { channelId }] as const,
};
