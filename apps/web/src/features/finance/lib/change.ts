import { MINUS } from '@addesk/contract/plain';

const NBSP = '\u00a0';

/** Which way a figure moved against the previous period; 'none' when there is nothing to compare with. */
export type ChangeDirection = 'up' | 'down' | 'flat' | 'none';

export type Change = { direction: ChangeDirection; text: string };

/**
 * The change of a figure against the period before it, in whole percent of the previous one:
 * '+12 %', '−5 %', '0 %', and '—' when the previous period is 0 (no percentage of nothing).
 */
export function changeOf(current: number, previous: number): Change {
  if (previous === 0) return { direction: 'none', text: '—' };
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100);
  if (percent === 0) return { direction: 'flat', text: `0${NBSP}%` };
  return percent > 0
    ? { direction: 'up', text: `+${percent}${NBSP}%` }
    : { direction: 'down', text: `${MINUS}${Math.abs(percent)}${NBSP}%` };
}
