import type { FinanceSummary } from '@addesk/contract';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { formatCalendarDay, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { type ChangeDirection, changeOf } from '../lib/change';
import { financeTexts } from '../lib/texts';

type Figure = 'income' | 'spend' | 'profit' | 'salaries';

/** More spend is worse; more income or profit is better: the colour says good or bad, the sign and arrow say which way. */
const goodWhen: Record<Figure, 'up' | 'down'> = {
  income: 'up',
  spend: 'down',
  profit: 'up',
  salaries: 'down',
};

const arrows: Record<ChangeDirection, typeof ArrowUpRight | undefined> = {
  up: ArrowUpRight,
  down: ArrowDownRight,
  flat: Minus,
  none: undefined,
};

/**
 * A figure's type: its full size ('text-3xl' across the card, 'text-lg' in half of it) while it fits, smaller as it
 * grows, so a number and its 'руб' stay on one line, never broken inside a word, on a 360 px screen too. Measured in
 * the card's own width (a container query): a semibold tabular character is at most 0.64 of the type's size.
 */
const sizeOf = (money: string, wide: boolean) => ({
  fontSize: `min(${wide ? 1.875 : 1.125}rem, ${(100 / (money.length * 0.64)).toFixed(2)}cqi)`,
});

/** Purchases first: what we pay for a thousand views, then what we are paid. */
const cpmKinds = ['purchase', 'sale'] as const;
/** The average CPM in money, or a dash when no deal of the period has views. */
const cpmText = (cpm: number | null) => (cpm === null ? '—' : formatMoney(cpm));

/**
 * Доход, Расход, Прибыль of the period, each against the period before it (the months before whole months, else as
 * many days before: previousPeriodOf); 'Зарплаты' (payouts, docs/decisions/026) too when either period had any: they
 * are out of the profit; and 'Средний CPM' of the period's purchases and sales (by deal date, whatever the basis).
 */
export function FinanceHeadline({ summary }: { summary: FinanceSummary }) {
  const { previous } = summary;
  const figures: Figure[] =
    summary.salaries !== 0 || previous.salaries !== 0
      ? ['profit', 'income', 'spend', 'salaries']
      : ['profit', 'income', 'spend'];
  const previousPeriod = `${formatCalendarDay(previous.from)} – ${formatCalendarDay(previous.to)}`;
  return (
    <section aria-label={financeTexts.headline} className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-2">
        {figures.map((figure) => {
          const change = changeOf(summary[figure], previous[figure]);
          const money = formatMoney(summary[figure]);
          const wide = figure === 'profit' || figure === 'salaries';
          const Arrow = arrows[change.direction];
          const tone =
            change.direction === 'up' || change.direction === 'down'
              ? change.direction === goodWhen[figure]
                ? 'text-emerald-700 dark:text-emerald-400'
                : 'text-rose-700 dark:text-rose-400'
              : 'text-muted-foreground';
          return (
            <div
              key={figure}
              data-figure={figure}
              className={cn(
                '@container flex min-w-0 flex-col gap-1 rounded-xl border bg-card p-3 text-card-foreground',
                wide && 'col-span-2',
              )}
            >
              <dt className="text-muted-foreground text-sm">{financeTexts[figure]}</dt>
              <dd
                className="whitespace-nowrap font-semibold tabular-nums leading-tight"
                style={sizeOf(money, wide)}
              >
                {money}
              </dd>
              <dd className={cn('flex items-center gap-1 text-sm', tone)}>
                {Arrow ? <Arrow aria-hidden="true" className="size-4 shrink-0" /> : null}
                <span className="font-medium tabular-nums">{change.text}</span>
                <span className="sr-only">
                  {' '}
                  {financeTexts.previous} ({previousPeriod}: {formatMoney(previous[figure])})
                </span>
              </dd>
            </div>
          );
        })}
        <div
          data-figure="cpm"
          className="col-span-2 flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-3 text-card-foreground"
        >
          <dt className="flex flex-col text-muted-foreground text-sm">
            {financeTexts.cpm} <span className="text-xs">{financeTexts.cpmHint}</span>
          </dt>
          <dd className="grid grid-cols-2 gap-2">
            {cpmKinds.map((kind) => (
              <span key={kind} data-cpm={kind} className="@container flex min-w-0 flex-col">
                <span className="text-muted-foreground text-xs">{financeTexts.cpmOf[kind]}</span>
                <span
                  className="whitespace-nowrap font-semibold tabular-nums leading-tight"
                  style={sizeOf(cpmText(summary.cpm[kind]), false)}
                >
                  {cpmText(summary.cpm[kind])}
                </span>
              </span>
            ))}
          </dd>
        </div>
      </dl>
      <p className="text-muted-foreground text-xs">
        Изменение {financeTexts.previous}: {previousPeriod}
      </p>
    </section>
  );
}
