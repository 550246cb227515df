import type { FinanceSummary } from '@addesk/contract';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { formatMoney } from '@/lib/format';
import { axisLabel, compactMoney, niceTicks, pointTitle, stepNames } from '../lib/chart-scale';
import { financeTexts } from '../lib/texts';

export type FinanceChartProps = {
  step: FinanceSummary['step'];
  series: FinanceSummary['series'];
  /** The period's last day: a week at the end is cut there. */
  periodEnd: string;
};

const HEIGHT = 200;
const PAD = { top: 10, right: 10, bottom: 24, left: 60 };
const LABELS = 4;
/** A short series (a day, a few weeks or months) marks its points: a single point has no line to show. */
const DOTS_UP_TO = 16;

/** The three figures and how each is drawn: never by colour alone (a line, a dashed line, columns). */
const marks = {
  income: { label: financeTexts.income, className: 'stroke-emerald-600 dark:stroke-emerald-400' },
  spend: { label: financeTexts.spend, className: 'stroke-rose-600 dark:stroke-rose-400' },
  profit: { label: financeTexts.profit, className: 'fill-sky-500/45 dark:fill-sky-400/55' },
} as const;

/**
 * Income and spend as lines and profit as columns, one point per step of the period (decisions D5). Drawn as SVG
 * by hand: a few kilobytes instead of a chart library, styled by the theme's own classes. A tap (or a drag along the
 * chart) shows the point's figures above it; screen readers get the same numbers as a table.
 */
export function FinanceChart({ step, series, periodEnd }: FinanceChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const index = chosen !== undefined && chosen < series.length ? chosen : undefined;

  const values = series.flatMap((point) => [point.income, point.spend, point.profit]);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const low = ticks[0] ?? 0;
  const high = ticks[ticks.length - 1] ?? 0;
  const plotWidth = Math.max(1, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, series.length);
  const x = (i: number) => PAD.left + slot * (i + 0.5);
  const y = (value: number) =>
    high === low ? PAD.top + plotHeight : PAD.top + ((high - value) / (high - low)) * plotHeight;
  const line = (key: 'income' | 'spend') =>
    series.map((point, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(point[key]).toFixed(1)}`).join('');
  const withYear = series.length > 0 && series[0]?.period.slice(0, 4) !== series.at(-1)?.period.slice(0, 4);
  const labelEvery = Math.max(1, Math.ceil(series.length / LABELS));
  const barWidth = Math.max(2, Math.min(24, slot * 0.6));

  const pick = (event: PointerEvent<SVGSVGElement>) => {
    const left = event.currentTarget.getBoundingClientRect().left;
    const i = Math.floor((event.clientX - left - PAD.left) / slot);
    setChosen(Math.min(series.length - 1, Math.max(0, i)));
  };
  const point = index === undefined ? undefined : series[index];

  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
        <LegendMark kind="income" />
        <LegendMark kind="spend" />
        <LegendMark kind="profit" />
      </figcaption>
      <div
        aria-hidden="true"
        data-testid="finance-chart-readout"
        className="min-h-12 rounded-lg bg-muted px-3 py-1.5 text-sm"
      >
        {point ? (
          <>
            <p className="font-medium">{pointTitle(point.period, step, periodEnd)}</p>
            <p className="flex flex-wrap gap-x-3 tabular-nums">
              <span>
                {financeTexts.income}: {formatMoney(point.income)}
              </span>
              <span>
                {financeTexts.spend}: {formatMoney(point.spend)}
              </span>
              <span className="font-semibold">
                {financeTexts.profit}: {formatMoney(point.profit)}
              </span>
            </p>
          </>
        ) : (
          <p className="py-2 text-muted-foreground">Коснитесь графика, чтобы увидеть суммы</p>
        )}
      </div>
      <div ref={box} className="w-full">
        <svg
          aria-hidden="true"
          data-testid="finance-chart"
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block touch-pan-y select-none"
          onPointerDown={pick}
          onPointerMove={(event) => {
            if (event.buttons !== 0 || event.pointerType === 'mouse') pick(event);
          }}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
                className={tick === 0 ? 'stroke-muted-foreground' : 'stroke-border'}
                strokeWidth={1}
              />
              <text
                x={PAD.left - 6}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-muted-foreground text-[11px]"
              >
                {compactMoney(tick)}
              </text>
            </g>
          ))}
          {index === undefined ? null : (
            <rect
              x={x(index) - slot / 2}
              y={PAD.top}
              width={slot}
              height={plotHeight}
              className="fill-foreground/10"
            />
          )}
          {series.map((p, i) => (
            <rect
              key={p.period}
              x={x(i) - barWidth / 2}
              y={Math.min(y(p.profit), y(0))}
              width={barWidth}
              height={Math.abs(y(p.profit) - y(0))}
              rx={Math.min(3, barWidth / 3)}
              className={marks.profit.className}
            />
          ))}
          <path d={line('income')} fill="none" strokeWidth={2} className={marks.income.className} />
          <path
            d={line('spend')}
            fill="none"
            strokeWidth={2}
            strokeDasharray="6 4"
            className={marks.spend.className}
          />
          {series.length <= DOTS_UP_TO
            ? series.map((p, i) => (
                <g key={p.period}>
                  <circle
                    cx={x(i)}
                    cy={y(p.income)}
                    r={3}
                    className="fill-emerald-600 dark:fill-emerald-400"
                  />
                  <circle cx={x(i)} cy={y(p.spend)} r={3} className="fill-rose-600 dark:fill-rose-400" />
                </g>
              ))
            : null}
          {index === undefined || !point ? null : (
            <>
              <circle
                cx={x(index)}
                cy={y(point.income)}
                r={4}
                className="fill-card stroke-emerald-600 dark:stroke-emerald-400"
                strokeWidth={2}
              />
              <circle
                cx={x(index)}
                cy={y(point.spend)}
                r={4}
                className="fill-card stroke-rose-600 dark:stroke-rose-400"
                strokeWidth={2}
              />
            </>
          )}
          {series.map((p, i) =>
            i % labelEvery === 0 ? (
              <text
                key={p.period}
                x={x(i)}
                y={HEIGHT - 6}
                textAnchor="middle"
                className="fill-muted-foreground text-[11px]"
              >
                {axisLabel(p.period, step, withYear)}
              </text>
            ) : null,
          )}
        </svg>
      </div>
      {/* A table ignores a 1 px width; the box around it clips it (an sr-only table widened the page). */}
      <div className="sr-only">
        <table>
          <caption>
            {financeTexts.income}, {financeTexts.spend.toLowerCase()} и {financeTexts.profit.toLowerCase()}{' '}
            {stepNames[step].caption}
          </caption>
          <thead>
            <tr>
              <th scope="col">{stepNames[step].column}</th>
              <th scope="col">{financeTexts.income}</th>
              <th scope="col">{financeTexts.spend}</th>
              <th scope="col">{financeTexts.profit}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((p) => (
              <tr key={p.period}>
                <th scope="row">{pointTitle(p.period, step, periodEnd)}</th>
                <td>{formatMoney(p.income)}</td>
                <td>{formatMoney(p.spend)}</td>
                <td>{formatMoney(p.profit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function LegendMark({ kind }: { kind: keyof typeof marks }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <svg aria-hidden="true" width="22" height="12" viewBox="0 0 22 12">
        {kind === 'profit' ? (
          <rect x="6" y="1" width="10" height="10" rx="2" className={marks.profit.className} />
        ) : (
          <line
            x1="1"
            x2="21"
            y1="6"
            y2="6"
            strokeWidth={2}
            strokeDasharray={kind === 'spend' ? '6 4' : undefined}
            className={marks[kind].className}
          />
        )}
      </svg>
      {marks[kind].label}
    </span>
  );
}

/** The width the chart has, followed as the screen turns or resizes. */
function useWidth(ref: React.RefObject<HTMLDivElement | null>) {
  const [width, setWidth] = useState(358);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
