import type { MarkingMonth, MarkingMonthDeal } from '@addesk/contract';
import { MONTH_PATTERN, markingDeadline } from '@addesk/contract/plain';
import { formatCount, formatMoney, plural } from '@/lib/format';

// The month's marking screen (issue 35): which month it opens on and its lines in words.

/**
 * The month /marking shows: `?month=yyyy-mm` when it is one (the contract's MONTH_PATTERN), else the month whose
 * paperwork is still due. That is the previous month while today (the team's day) is within its deadline (30 days after
 * it ends, `markingDeadline`): in the first weeks of a month the owner's work is last month's statistics and acts, and
 * the current month has barely begun. Once that deadline has passed, the current month, whose deals are being made.
 * Checked here, in the screen's chunk, not in the route's `validateSearch`: the route's options ride on every first
 * load, and the contract's marking rules are kept off it (vite.config.ts `notShared`).
 */
export function shownMonth(search: string | undefined, today: string) {
  if (search !== undefined && MONTH_PATTERN.test(search)) return search;
  const current = today.slice(0, 7);
  const year = Number(current.slice(0, 4));
  const month = Number(current.slice(5, 7));
  const previous = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  return today <= markingDeadline(previous) ? previous : current;
}

/** No-break spaces inside each part, so that a line breaks between the parts only. */
const NBSP = '\u00a0';

/** '12 сделок · 3 без данных · 125 000 руб · подано 4' */
export const totalsText = ({ deals, withMissing, amount, sent }: MarkingMonth['totals']) =>
  `${plural(deals, ['сделка', 'сделки', 'сделок'])} · ${formatCount(withMissing)}${NBSP}без${NBSP}данных · ${formatMoney(amount)} · подано${NBSP}${formatCount(sent)}`;

const viewsSources = { entered: 'вручную', post: 'по посту' } as const;

/** 'Просмотры: 12 300 (по посту)', 'Просмотры: не указаны'. */
export const viewsText = ({ views, viewsSource }: Pick<MarkingMonthDeal, 'views' | 'viewsSource'>) =>
  views === null
    ? 'Просмотры: не указаны'
    : `Просмотры: ${formatCount(views)}${viewsSource ? ` (${viewsSources[viewsSource]})` : ''}`;

/** 'Статистика: в очереди', 'Акт: подан', 'Статистика: ошибка: ключ отклонён'; nothing before it is sent. */
export function workText(what: 'statistics' | 'act', work: MarkingMonthDeal['statistics']) {
  if (!work) return undefined;
  const label = what === 'statistics' ? 'Статистика' : 'Акт';
  switch (work.status) {
    case 'queued':
      return `${label}: в очереди`;
    case 'done':
      return `${label}: ${what === 'statistics' ? 'подана' : 'подан'}`;
    case 'failed':
      return `${label}: ошибка: ${work.message ?? 'ОРД не объяснил причину'}`;
  }
}
