import type { Attribution } from '@addesk/contract';
import { useId } from 'react';
import { plural, pluralForm } from '@/lib/format';
import { joinedForms, leftForms, subscriberForms, attributionTexts as t } from './attribution-texts';

type Day = Attribution['byDay'][number];

/** The chart's widest span: a month of bars still reads on a phone; the table under it has every day. */
const MAX_BARS = 31;
/** Its narrowest: a day or two of joins are drawn as bars of a two-week chart, not stretched to its width. */
const MIN_BARS = 14;
const DAY_MS = 86_400_000;

/** '2026-03-05' -> '05.03': `byDay` is already cut into the team's calendar days, so no zone is involved here. */
export const dayMonth = (day: string) => {
  const [, month, date] = day.split('-');
  return month && date ? `${date}.${month}` : day;
};

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/**
 * Every calendar day from the first to the last of `byDay`, the quiet ones with zeros: the last MAX_BARS of them, and
 * at least MIN_BARS, reaching back before the first join.
 */
function continuous(byDay: Day[]): Day[] {
  const first = byDay[0];
  const last = byDay.at(-1);
  if (!first || !last) return [];
  const known = new Map(byDay.map((entry) => [entry.day, entry]));
  const end = dayNumber(last.day);
  const start = Math.min(Math.max(dayNumber(first.day), end - MAX_BARS + 1), end - MIN_BARS + 1);
  const days: Day[] = [];
  for (let number = start; number <= end; number++) {
    const day = dayOf(number);
    days.push(known.get(day) ?? { day, joined: 0, left: 0 });
  }
  return days;
}

/**
 * What the chart shows, in words, for a screen reader: 'Вступления по дням, 03.03–05.03: вступили 3 подписчика,
 * вышел 1. Больше всего за день: 2 (05.03).'
 */
export function chartSummary(byDay: Day[]): string {
  const first = byDay[0];
  const last = byDay.at(-1);
  if (!first || !last) return t.chartEmpty;
  const joined = byDay.reduce((sum, day) => sum + day.joined, 0);
  const left = byDay.reduce((sum, day) => sum + day.left, 0);
  const period =
    first.day === last.day ? dayMonth(first.day) : `${dayMonth(first.day)}–${dayMonth(last.day)}`;
  const best = byDay.reduce((top, day) => (day.joined > top.joined ? day : top), first);
  const parts = [
    `${t.chartTitle}, ${period}: ${pluralForm(joined, joinedForms)} ${plural(joined, subscriberForms)}, ${pluralForm(left, leftForms)} ${left}.`,
  ];
  if (byDay.length > 1 && best.joined > 0) {
    parts.push(`Больше всего за день: ${best.joined} (${dayMonth(best.day)}).`);
  }
  return parts.join(' ');
}

const HEIGHT = 64;
const BAR = 8;
const GAP = 3;

/**
 * Joins per day as bars up from a line and leaves as bars down from it, a few SVG rects (no chart library). The
 * picture is one image with a summary for screen readers; the numbers of every day are in a table under it.
 */
export function JoinsChart({ byDay }: { byDay: Day[] }) {
  const legendId = useId();
  if (byDay.length === 0) return <p className="text-muted-foreground text-sm">{t.chartEmpty}</p>;
  const days = continuous(byDay);
  const maxJoined = Math.max(...days.map((day) => day.joined));
  const maxLeft = Math.max(...days.map((day) => day.left));
  const scale = HEIGHT / Math.max(1, maxJoined + maxLeft);
  const baseline = maxJoined * scale;
  const width = days.length * (BAR + GAP) - GAP;
  const first = days[0];
  const last = days.at(-1);

  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium text-sm">{t.chartTitle}</h3>
      <svg
        role="img"
        aria-label={chartSummary(byDay)}
        aria-describedby={legendId}
        viewBox={`0 0 ${width} ${HEIGHT + 1}`}
        preserveAspectRatio="none"
        className="h-20 w-full"
      >
        {days.map((day, index) => {
          const x = index * (BAR + GAP);
          const up = day.joined * scale;
          const down = day.left * scale;
          return (
            <g key={day.day}>
              {up > 0 ? (
                <rect x={x} y={baseline - up} width={BAR} height={up} rx={1.5} className="fill-primary" />
              ) : null}
              {down > 0 ? (
                <rect x={x} y={baseline + 1} width={BAR} height={down} rx={1.5} className="fill-amber-500" />
              ) : null}
            </g>
          );
        })}
        <rect x={0} y={baseline} width={width} height={1} className="fill-border" />
      </svg>
      <div className="flex justify-between text-muted-foreground text-xs tabular-nums" aria-hidden="true">
        <span>{first ? dayMonth(first.day) : null}</span>
        {last && last !== first ? <span>{dayMonth(last.day)}</span> : null}
      </div>
      <p id={legendId} className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-primary" />
          вверх — вступили
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-amber-500" />
          вниз — вышли
        </span>
      </p>
      <details className="text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center text-link">{t.chartTable}</summary>
        <table className="w-full tabular-nums">
          <caption className="sr-only">{t.chartTitle}</caption>
          <thead>
            <tr className="text-muted-foreground">
              <th scope="col" className="py-1 text-left font-normal">
                {t.day}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t.joined}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t.left}
              </th>
            </tr>
          </thead>
          <tbody>
            {byDay.map((day) => (
              <tr key={day.day} className="border-t">
                <th scope="row" className="py-1 text-left font-normal">
                  {dayMonth(day.day)}
                </th>
                <td className="py-1 text-right">{day.joined}</td>
                <td className="py-1 text-right">{day.left}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
