import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/utils';
import {
  ALL_TIME,
  type Day,
  type DayRange,
  dayTitle,
  monthGrid,
  monthOf,
  monthTitle,
  periodPresets,
  presetRange,
  shiftMonth,
  tapDay,
  weekdayNames,
} from './period-picker-lib';

/** What a day carries besides its number (event icons), and how a screen reader says it. */
export type DayMarks = { content: ReactNode; label: string };

export type PeriodPickerProps = {
  /** The period being chosen (a draft: the caller applies it with its own 'Готово'). */
  range: DayRange;
  onRangeChange: (range: DayRange) => void;
  /** The first day of the month shown. */
  month: Day;
  onMonthChange: (month: Day) => void;
  /** Today in the user's zone (the presets count from it). */
  today: Day;
  /** Icons under a day's number. */
  dayMarks?: (day: Day) => DayMarks | undefined;
  /** Shown between the month grid and the presets (the event type chips). */
  children?: ReactNode;
  className?: string;
};

/**
 * The period picker of spec §2.7: presets, the chosen range with '×' to clear it, and a month grid (Monday first,
 * padded to full weeks) where the first tap starts a range, the second ends it and a third starts a new one.
 * Controlled: the caller keeps the draft and the month, and decides when to apply.
 */
export function PeriodPicker({
  range,
  onRangeChange,
  month,
  onMonthChange,
  today,
  dayMarks,
  children,
  className,
}: PeriodPickerProps) {
  const headingId = useId();
  const days = monthGrid(month);
  const weeks: Day[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));

  const from = range.from;
  const to = range.to ?? range.from;

  return (
    <div className={cn('flex flex-col gap-4', className)}>
      <div className="flex min-h-11 items-center gap-2 rounded-lg bg-card px-3">
        <p aria-live="polite" className="min-w-0 flex-1 text-sm">
          <RangeSummary range={range} />
        </p>
        <button
          type="button"
          aria-label="Очистить период"
          disabled={range.from === undefined}
          onClick={() => onRangeChange({})}
          className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-2xl text-muted-foreground leading-none hover:bg-accent disabled:opacity-40"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>

      <ul aria-label="Быстрый выбор" className="flex flex-wrap gap-2">
        {periodPresets.map((preset) => {
          const days = presetRange(preset.id, today);
          const pressed = range.from === days.from && range.to === days.to;
          return (
            <li key={preset.id}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => {
                  onRangeChange(days);
                  onMonthChange(monthOf(days.to));
                }}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-full border px-4 text-sm transition-colors',
                  pressed
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'bg-card hover:bg-accent active:bg-accent/80',
                )}
              >
                {preset.label}
              </button>
            </li>
          );
        })}
      </ul>

      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label="Предыдущий месяц"
            onClick={() => onMonthChange(shiftMonth(month, -1))}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-accent"
          >
            <ChevronLeft aria-hidden="true" className="size-6" />
          </button>
          <h3 id={headingId} aria-live="polite" className="flex-1 text-center font-semibold text-base">
            {monthTitle(month)}
          </h3>
          <button
            type="button"
            aria-label="Следующий месяц"
            onClick={() => onMonthChange(shiftMonth(month, 1))}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-accent"
          >
            <ChevronRight aria-hidden="true" className="size-6" />
          </button>
        </div>

        <table className="w-full table-fixed border-collapse">
          <thead>
            <tr>
              {weekdayNames.map((name) => (
                <th
                  key={name}
                  scope="col"
                  className="pb-1 font-medium text-muted-foreground text-xs uppercase tracking-wide"
                >
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((day) => {
                  const inMonth = day.slice(0, 7) === month.slice(0, 7);
                  const isEdge = day === from || day === to;
                  const inRange = from !== undefined && to !== undefined && day > from && day < to;
                  const marks = dayMarks?.(day);
                  const isToday = day === today;
                  const label = [dayTitle(day), isToday ? 'сегодня' : undefined, marks?.label]
                    .filter(Boolean)
                    .join(', ');
                  return (
                    <td key={day} className="p-0 py-0.5">
                      <button
                        type="button"
                        aria-label={label}
                        aria-pressed={isEdge || inRange}
                        aria-current={isToday ? 'date' : undefined}
                        data-day={day}
                        onClick={() => onRangeChange(tapDay(range, day))}
                        className={cn(
                          'flex min-h-12 w-full flex-col items-center justify-start gap-0.5 pt-1.5 text-sm tabular-nums transition-colors',
                          inRange ? 'rounded-none' : 'rounded-lg',
                          !inMonth && 'text-muted-foreground',
                          isEdge && 'bg-primary font-semibold text-primary-foreground',
                          inRange && 'bg-primary/20',
                          !isEdge && !inRange && 'hover:bg-accent',
                          isToday && !isEdge && 'font-bold text-link underline underline-offset-4',
                        )}
                      >
                        <span aria-hidden="true">{Number(day.slice(8))}</span>
                        <span aria-hidden="true" className="flex h-3.5 items-center gap-0.5">
                          {marks?.content}
                        </span>
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {children}
    </div>
  );
}

function RangeSummary({ range }: { range: DayRange }) {
  if (range.from === undefined) return <span className="text-muted-foreground">{ALL_TIME}</span>;
  if (range.to === undefined) {
    return (
      <>
        С {dayTitle(range.from)} <span className="text-muted-foreground">— выберите последний день</span>
      </>
    );
  }
  if (range.from === range.to) return <>{dayTitle(range.from)}</>;
  return (
    <>
      {dayTitle(range.from)} — {dayTitle(range.to)}
    </>
  );
}
