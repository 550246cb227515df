import { type CalendarType, calendarTypeNames, calendarTypes } from '@addesk/contract/plain';
import { ArrowDownLeft, ArrowUpRight, CalendarX2, type LucideIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { PeriodFilter, type PeriodMarks } from '@/components/filters/period-filter';
import { Button } from '@/components/ui/button';
import type { DayMarks } from '@/components/ui/period-picker';
import type { Day } from '@/components/ui/period-picker-lib';
import { formatDay } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useCalendar } from '../api/get-calendar';

const texts = { calendarTypes: 'Показывать в календаре', retry: 'Повторить' } as const;

/** How each kind of calendar event looks on a day (labels: decisions D2). */
const calendarTypeIcons: Record<CalendarType, { icon: LucideIcon; className: string }> = {
  SALE: { icon: ArrowUpRight, className: 'text-emerald-600 dark:text-emerald-400' },
  PURCHASE: { icon: ArrowDownLeft, className: 'text-sky-600 dark:text-sky-400' },
  SUBSCRIPTION_EXPIRED: { icon: CalendarX2, className: 'text-amber-600 dark:text-amber-400' },
};

export type CalendarPeriodFilterProps = {
  /** '=bt=(yyyy-MM-dd,yyyy-MM-dd)', or undefined for all time. */
  value: string | undefined;
  onApply: (value: string | undefined) => void;
  /** A line under the calendar: what the period filters by. */
  hint?: string;
};

/**
 * The 'Период' chip and its picker (spec §2.7) with the placements of sales and purchases and the end of the tariff
 * marked on the days (GET /api/calendar for exactly the days on screen), and chips choosing which of them show.
 */
export function CalendarPeriodFilter(props: CalendarPeriodFilterProps) {
  return <PeriodFilter {...props} useMarks={useCalendarMarks} />;
}

function useCalendarMarks(grid: { from: Day; to: Day }): PeriodMarks {
  const typesId = useId();
  const [shownTypes, setShownTypes] = useState<ReadonlySet<CalendarType>>(() => new Set(calendarTypes));

  const calendar = useCalendar(grid);
  const byDay = useMemo(() => {
    const days = new Map<Day, Map<CalendarType, number>>();
    for (const entry of calendar.data ?? []) {
      const day = formatDay(entry.dateTime);
      const types = days.get(day) ?? new Map<CalendarType, number>();
      types.set(entry.type, (types.get(entry.type) ?? 0) + entry.count);
      days.set(day, types);
    }
    return days;
  }, [calendar.data]);

  const dayMarks = (day: Day): DayMarks | undefined => {
    const types = byDay.get(day);
    if (!types) return undefined;
    const shown = calendarTypes.filter((type) => shownTypes.has(type) && types.has(type));
    if (shown.length === 0) return undefined;
    return {
      label: shown.map((type) => `${calendarTypeNames[type]}: ${types.get(type)}`).join(', '),
      content: shown.map((type) => {
        const { icon: Icon, className } = calendarTypeIcons[type];
        return <Icon key={type} data-type={type} className={cn('size-3.5', className)} strokeWidth={2.5} />;
      }),
    };
  };

  const toggleType = (type: CalendarType) =>
    setShownTypes((types) => {
      const nextTypes = new Set(types);
      if (nextTypes.has(type)) nextTypes.delete(type);
      else nextTypes.add(type);
      return nextTypes;
    });

  const below = (
    <section aria-labelledby={typesId} className="flex flex-col gap-2">
      <h3 id={typesId} className="font-medium text-muted-foreground text-sm">
        {texts.calendarTypes}
      </h3>
      <ul className="flex flex-wrap gap-2">
        {calendarTypes.map((type) => {
          const { icon: Icon, className } = calendarTypeIcons[type];
          const pressed = shownTypes.has(type);
          return (
            <li key={type}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => toggleType(type)}
                className={cn(
                  'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3.5 text-sm transition-colors',
                  pressed ? 'border-primary bg-primary/15' : 'bg-card text-muted-foreground',
                )}
              >
                <Icon aria-hidden="true" className={cn('size-4', className)} strokeWidth={2.5} />
                {calendarTypeNames[type]}
              </button>
            </li>
          );
        })}
      </ul>
      {calendar.isError ? (
        <div className="flex items-center gap-2">
          <p role="alert" className="min-w-0 flex-1 text-destructive text-sm">
            {errorMessage(calendar.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void calendar.refetch()}>
            {texts.retry}
          </Button>
        </div>
      ) : null}
    </section>
  );
  return { dayMarks, below };
}
